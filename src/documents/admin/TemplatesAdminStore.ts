import { makeAutoObservable, runInAction } from 'mobx';
import {
  TEMPLATE_MAX_BYTES,
  TEMPLATE_NAME_MAX_LENGTH,
  TemplateRefusal,
} from '../../../schemas/api/documentsConstants';
import { ErrorCode } from '../../../schemas/api/commonConstants';
import { ApiError } from '../../api/errors';
import { needsOwnMessage } from '../../stores/reportFailure';
import { RemoteLoadingStatus } from '../../stores/statuses';
import type { ToastStore } from '../../stores/ToastStore';
import type { AdminTemplate, TemplateScope, TemplatesAdminApi } from '../../api/templatesAdminApi';

/** A field of the add form that a problem belongs to. */
export type TemplateFormField = 'scope' | 'name' | 'file';

/** The add form's problems: a translation key per field, or one for the whole form. */
export type TemplateFormProblems = Partial<Record<TemplateFormField | 'form', string>>;

/** The extensions a template may have: the server judges the content, this only guides. */
export const TEMPLATE_EXTENSIONS = ['.docx', '.xlsx'] as const;

/**
 * Which field a refusal is about: the one its detail path names (`/scope`, `/name`), the name
 * for a taken name, the file for anything else.
 */
function fieldOf(path: string | undefined, code: string): TemplateFormField {
  if (code === TemplateRefusal.duplicateName) return 'name';
  if (path === '/scope') return 'scope';
  if (path === '/name') return 'name';
  return 'file';
}

/**
 * The administrators' document templates: every template of the tenant, the scopes a new one
 * can be for, and the add form (scope, name, file) with its problems on their fields. A
 * refused upload keeps what was typed and chosen, so nothing is lost.
 */
export class TemplatesAdminStore {
  templates: AdminTemplate[] = [];
  scopes: TemplateScope[] = [];
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;

  scope = '';
  name = '';
  file: File | null = null;
  problems: TemplateFormProblems = {};
  adding = false;
  /** The template whose removal waits for a confirmation; null when none does. */
  removing: AdminTemplate | null = null;
  removeBusy = false;

  private readonly api: TemplatesAdminApi;
  private readonly toasts: ToastStore;

  constructor(api: TemplatesAdminApi, toasts: ToastStore) {
    this.api = api;
    this.toasts = toasts;
    makeAutoObservable<TemplatesAdminStore, 'api' | 'toasts'>(this, { api: false, toasts: false });
  }

  async load(): Promise<void> {
    this.status = RemoteLoadingStatus.loading;
    try {
      const answer = await this.api.list();
      runInAction(() => {
        this.templates = answer.data;
        this.scopes = answer.scopes;
        if (!this.scopes.some((scope) => scope.key === this.scope)) this.scope = '';
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    }
  }

  setScope(scope: string): void {
    this.scope = scope;
    delete this.problems.scope;
  }

  setName(name: string): void {
    this.name = name;
    delete this.problems.name;
  }

  setFile(file: File | null): void {
    this.file = file;
    delete this.problems.file;
    if (file && file.size > TEMPLATE_MAX_BYTES) this.problems.file = 'document.template.tooLarge';
  }

  /** The form's own checks, before anything is sent; the server checks again. */
  private check(): TemplateFormProblems {
    const problems: TemplateFormProblems = {};
    if (!this.scope) problems.scope = 'document.template.badScope';
    const name = this.name.trim();
    if (name === '' || Array.from(name).length > TEMPLATE_NAME_MAX_LENGTH) {
      problems.name = 'document.template.badName';
    }
    if (!this.file) problems.file = 'document.admin.fileRequired';
    else if (this.file.size > TEMPLATE_MAX_BYTES) problems.file = 'document.template.tooLarge';
    return problems;
  }

  /** Sends the form; answers whether the template was added (the form is then emptied). */
  async add(): Promise<boolean> {
    const problems = this.check();
    this.problems = problems;
    if (Object.keys(problems).length > 0 || !this.file) return false;
    this.adding = true;
    const name = this.name.trim();
    try {
      await this.api.add({ scope: this.scope, name, file: this.file });
      runInAction(() => {
        this.name = '';
        this.file = null;
        this.adding = false;
      });
      this.toasts.showSuccess('document.admin.added', { name });
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        this.adding = false;
        this.problems = this.problemsOf(error);
      });
      return false;
    }
  }

  /** A refusal as problems on the fields it names; any other failure as one for the form. */
  private problemsOf(error: unknown): TemplateFormProblems {
    if (!(error instanceof ApiError)) return { form: 'common.serverErrorTryAgain' };
    if (error.status === 413) return { file: 'document.template.tooLarge' };
    const problems: TemplateFormProblems = {};
    for (const detail of error.details) {
      if (detail.code.startsWith('document.template.')) {
        problems[fieldOf(detail.path, detail.code)] = detail.code;
      }
    }
    if (Object.keys(problems).length > 0) return problems;
    if (error.code === 'TEMPLATE_INVALID') return { file: 'errors.TEMPLATE_INVALID' };
    return needsOwnMessage(error) ? { form: 'common.serverErrorTryAgain' } : {};
  }

  /** Asks to confirm a removal; a built-in template cannot be removed, so nothing is asked. */
  askRemove(template: AdminTemplate): void {
    if (template.builtIn) return;
    this.removing = template;
  }

  cancelRemove(): void {
    if (!this.removeBusy) this.removing = null;
  }

  async confirmRemove(): Promise<void> {
    const template = this.removing;
    if (!template) return;
    this.removeBusy = true;
    try {
      await this.api.remove(template.id);
      runInAction(() => {
        this.templates = this.templates.filter((kept) => kept.id !== template.id);
      });
      this.toasts.showSuccess('document.admin.removed', { name: template.name });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.templateBuiltIn) {
        this.toasts.showError(`errors.${error.code}`);
      } else if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    } finally {
      runInAction(() => {
        this.removeBusy = false;
        this.removing = null;
      });
    }
  }
}
