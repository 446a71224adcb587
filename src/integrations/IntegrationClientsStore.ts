import { makeAutoObservable, runInAction } from 'mobx';
import { ErrorCode } from '../../schemas/api/commonConstants';
import {
  INTEGRATION_CLIENT_NAME_MAX,
  IntegrationScope,
} from '../../schemas/api/integrationConstants';
import { ApiError, NotFoundError } from '../api/errors';
import type { AnnouncerStore } from '../stores/AnnouncerStore';
import { needsOwnMessage } from '../stores/reportFailure';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import type { IntegrationClient, IntegrationsApi } from '../api/integrationsApi';

/** A field of the new-client form that a problem belongs to. */
export type ClientFormField = 'name' | 'scopes';

/** The form's problems: a translation key per field, or one for the whole form. */
export type ClientFormProblems = Partial<Record<ClientFormField | 'form', string>>;

/** The scopes in the order the form offers them. */
export const SCOPES: readonly IntegrationScope[] = Object.values(IntegrationScope);

/** Whether a text holds a control character, which the server refuses in a name (a pasted tab). */
function hasControlCharacter(text: string): boolean {
  return Array.from(text).some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f;
  });
}

/** The problems without the one of `field`. */
function without(problems: ClientFormProblems, field: ClientFormField): ClientFormProblems {
  const { [field]: _dropped, ...rest } = problems;
  return rest;
}

/**
 * Which field a refusal of the server is about: the one its detail path names
 * (`body.name`, `body.scopes.0`); the form as a whole otherwise.
 */
function fieldOf(path: string | undefined): ClientFormField | 'form' {
  if (path === 'body.name') return 'name';
  if (path?.startsWith('body.scopes')) return 'scopes';
  return 'form';
}

/** The translation key of each field's refusal by the server. */
const REFUSAL_KEYS: Readonly<Record<ClientFormField | 'form', string>> = {
  name: 'integrations.problem.nameRefused',
  scopes: 'integrations.problem.scopesRequired',
  form: 'integrations.problem.refused',
};

/**
 * The administrators' integration clients: the tenant's clients, the new-client form (a
 * name and at least one scope, checked here before the server checks them again), the token
 * of the client just made (held only while the drawer shows it, never again), and revoking
 * a client after a confirmation.
 */
export class IntegrationClientsStore {
  clients: IntegrationClient[] = [];
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;

  drawerOpen = false;
  name = '';
  scopes: IntegrationScope[] = [];
  problems: ClientFormProblems = {};
  createStatus: SavingStatus = SavingStatus.unknown;
  /** The client just made and its token, shown once; null until one is made. */
  created: { client: IntegrationClient; token: string } | null = null;

  /** The client whose revocation waits for a confirmation; null when none does. */
  revoking: IntegrationClient | null = null;
  revokeBusy = false;
  /** The client last revoked: the screen puts the focus on its row. */
  lastRevokedId: string | null = null;

  private readonly api: IntegrationsApi;
  private readonly toasts: ToastStore;
  private readonly announcer: AnnouncerStore;

  constructor(api: IntegrationsApi, toasts: ToastStore, announcer: AnnouncerStore) {
    this.api = api;
    this.toasts = toasts;
    this.announcer = announcer;
    makeAutoObservable<IntegrationClientsStore, 'api' | 'toasts' | 'announcer'>(this, {
      api: false,
      toasts: false,
      announcer: false,
    });
  }

  async load(): Promise<void> {
    this.status = RemoteLoadingStatus.loading;
    try {
      const answer = await this.api.listClients();
      runInAction(() => {
        this.clients = answer.data;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    }
  }

  openDrawer(): void {
    this.drawerOpen = true;
  }

  /** Closes the drawer and forgets what it held, the token first; not while a client is made. */
  closeDrawer(): void {
    if (this.createStatus === SavingStatus.saving) return;
    this.drawerOpen = false;
    this.name = '';
    this.scopes = [];
    this.problems = {};
    this.createStatus = SavingStatus.unknown;
    this.created = null;
  }

  setName(name: string): void {
    this.name = name;
    if (this.problems.name) this.problems = without(this.problems, 'name');
  }

  /** Ticks or unticks one scope, keeping the form's order. */
  toggleScope(scope: IntegrationScope, on: boolean): void {
    const chosen = new Set(this.scopes);
    if (on) chosen.add(scope);
    else chosen.delete(scope);
    this.scopes = SCOPES.filter((kept) => chosen.has(kept));
    if (on && this.problems.scopes) this.problems = without(this.problems, 'scopes');
  }

  /** The form's problems as the server would find them, before anything is sent. */
  check(): ClientFormProblems {
    const problems: ClientFormProblems = {};
    const name = this.name.trim();
    if (name === '') problems.name = 'integrations.problem.nameRequired';
    else if (Array.from(name).length > INTEGRATION_CLIENT_NAME_MAX) {
      problems.name = 'integrations.problem.nameTooLong';
    } else if (hasControlCharacter(name)) {
      problems.name = 'integrations.problem.nameControl';
    }
    if (this.scopes.length === 0) problems.scopes = 'integrations.problem.scopesRequired';
    return problems;
  }

  /** Makes the client; answers whether it was made (its token is then shown once). */
  async create(): Promise<boolean> {
    if (this.createStatus === SavingStatus.saving) return false;
    const problems = this.check();
    this.problems = problems;
    // The screen puts the focus on the first field with a problem, which reads it out.
    if (Object.keys(problems).length > 0) return false;
    this.createStatus = SavingStatus.saving;
    try {
      const answer = await this.api.createClient({ name: this.name.trim(), scopes: this.scopes });
      runInAction(() => {
        this.createStatus = SavingStatus.success;
        this.created = answer.data;
        this.clients = [answer.data.client, ...this.clients];
      });
      this.announcer.announce('integrations.announce.created', {
        name: answer.data.client.name,
      });
      return true;
    } catch (error) {
      const refused = this.problemsOf(error);
      runInAction(() => {
        this.createStatus = SavingStatus.error;
        this.problems = refused;
      });
      return false;
    }
  }

  /** A refusal as problems on the fields it names; any other failure as one for the form. */
  private problemsOf(error: unknown): ClientFormProblems {
    if (!(error instanceof ApiError)) return { form: 'common.serverErrorTryAgain' };
    if (error.status === 400) {
      if (error.code === ErrorCode.invalidText) return { name: REFUSAL_KEYS.name };
      const problems: ClientFormProblems = {};
      for (const detail of error.details) {
        const field = fieldOf(detail.path);
        problems[field] = REFUSAL_KEYS[field];
      }
      return Object.keys(problems).length > 0 ? problems : { form: REFUSAL_KEYS.form };
    }
    return needsOwnMessage(error) ? { form: 'common.serverErrorTryAgain' } : {};
  }

  /** Asks to confirm revoking a client; a revoked one has nothing to ask. */
  askRevoke(client: IntegrationClient): void {
    if (client.revokedAt !== null) return;
    this.revoking = client;
  }

  cancelRevoke(): void {
    if (!this.revokeBusy) this.revoking = null;
  }

  async confirmRevoke(): Promise<void> {
    const client = this.revoking;
    if (!client) return;
    this.revokeBusy = true;
    try {
      const answer = await this.api.revokeClient(client.id);
      runInAction(() => {
        this.clients = this.clients.map((kept) => (kept.id === client.id ? answer.data : kept));
        this.lastRevokedId = client.id;
      });
      this.toasts.showSuccess('integrations.revoked', { name: client.name });
    } catch (error) {
      if (error instanceof NotFoundError) {
        // Gone meanwhile (another administrator's tab): the list says how things stand.
        this.toasts.showError('integrations.revokeGone', { name: client.name });
        void this.load();
      } else if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    } finally {
      runInAction(() => {
        this.revokeBusy = false;
        this.revoking = null;
      });
    }
  }
}
