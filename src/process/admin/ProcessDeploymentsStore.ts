import { makeAutoObservable, runInAction } from 'mobx';
import { ErrorCode } from '../../../schemas/api/commonConstants';
import {
  BPMN_FILE_MAX_CHARS,
  DEPLOYMENT_FORMS_MAX,
  FORM_FILE_MAX_CHARS,
} from '../../../schemas/api/processDeploymentsConstants';
import { ApiError } from '../../api/errors';
import type { AnnouncerStore } from '../../stores/AnnouncerStore';
import { needsOwnMessage } from '../../stores/reportFailure';
import { RemoteLoadingStatus, SavingStatus } from '../../stores/statuses';
import type { ToastStore } from '../../stores/ToastStore';
import type {
  DeployedProcess,
  DeployedVersion,
  DeploymentBody,
  DeploymentCheckAnswer,
  DeploymentProblem,
  ProcessDeploymentsApi,
} from '../../api/processDeploymentsApi';

/** The extensions a process file may have; the server judges the content, this only guides. */
export const BPMN_EXTENSIONS = ['.bpmn', '.bpmn20.xml', '.xml'] as const;
/** The extension of a form file. */
export const FORM_EXTENSIONS = ['.json'] as const;

/** A file the administrator picked, read as text in the browser. */
export interface PickedFile {
  readonly fileName: string;
  readonly content: string;
}

/**
 * A problem of the chosen files found before anything is sent: a translation key and its
 * values (a file too large, too many forms, a file that is not text).
 */
export interface LocalProblem {
  readonly key: string;
  readonly values: Record<string, string | number>;
}

/** Where the drawer's check stands. */
export const CheckStatus = {
  idle: 'idle',
  checking: 'checking',
  checked: 'checked',
  failed: 'failed',
} as const;
/** One of `CheckStatus`. */
export type CheckStatus = (typeof CheckStatus)[keyof typeof CheckStatus];

async function readText(file: File): Promise<string> {
  return typeof file.text === 'function'
    ? file.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
        reader.readAsText(file);
      });
}

/** A failed call's words: a refusal's own (a DOCTYPE, too deep, too large), else try again. */
function failureKeyOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return 'process.deployments.local.bodyTooLarge';
    if (error.details.some((detail) => detail.code === 'deployment.doctype')) {
      return 'process.deployments.local.doctype';
    }
    if (error.details.some((detail) => detail.code === 'deployment.tooManyElements')) {
      return 'process.deployments.local.tooManyElements';
    }
    if (error.code === ErrorCode.nestingTooDeep || error.code === ErrorCode.invalidText) {
      return `errors.${error.code}`;
    }
  }
  return 'common.serverErrorTryAgain';
}

/**
 * The administrators' process deployments: every process with its versions, the deploy
 * drawer (a BPMN file and form files, checked by the server as soon as they are picked, its
 * problems shown and announced before anything is deployed), and retiring a version after a
 * confirmation. A refused deploy keeps the chosen files and shows why.
 */
export class ProcessDeploymentsStore {
  processes: DeployedProcess[] = [];
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;

  drawerOpen = false;
  bpmn: PickedFile | null = null;
  forms: PickedFile[] = [];
  localProblems: LocalProblem[] = [];
  checkStatus: CheckStatus = CheckStatus.idle;
  check: DeploymentCheckAnswer | null = null;
  deployStatus: SavingStatus = SavingStatus.unknown;
  /** Why the last check or deploy failed, as a translation key; null when it did not. */
  failureKey: string | null = null;

  /** The version whose retirement waits for a confirmation; null when none does. */
  retiring: DeployedVersion | null = null;
  retireBusy = false;
  /** The version last retired: the screen puts the focus on its row. */
  lastRetiredId: string | null = null;

  /** Orders the checks: only the answer to the latest one is kept. */
  private checkSequence = 0;
  /** Orders the choices of each kind: the latest picked file stands, whichever is read first. */
  private bpmnChoice = 0;
  private formsChoice = 0;
  private readonly api: ProcessDeploymentsApi;
  private readonly toasts: ToastStore;
  private readonly announcer: AnnouncerStore;

  constructor(api: ProcessDeploymentsApi, toasts: ToastStore, announcer: AnnouncerStore) {
    this.api = api;
    this.toasts = toasts;
    this.announcer = announcer;
    makeAutoObservable<
      ProcessDeploymentsStore,
      'api' | 'toasts' | 'announcer' | 'checkSequence' | 'bpmnChoice' | 'formsChoice'
    >(this, {
      api: false,
      toasts: false,
      announcer: false,
      checkSequence: false,
      bpmnChoice: false,
      formsChoice: false,
    });
  }

  async load(): Promise<void> {
    this.status = RemoteLoadingStatus.loading;
    try {
      const answer = await this.api.list();
      runInAction(() => {
        this.processes = answer.data;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    }
  }

  /** The problems of the last check that refuse the deployment. */
  get errors(): DeploymentProblem[] {
    return this.check?.problems.filter((problem) => problem.severity === 'error') ?? [];
  }

  /** The problems of the last check that do not refuse it. */
  get warnings(): DeploymentProblem[] {
    return this.check?.problems.filter((problem) => problem.severity === 'warning') ?? [];
  }

  /** Whether the chosen files may be deployed now: checked, and nothing refuses them. */
  get canDeploy(): boolean {
    return (
      this.bpmn !== null &&
      this.localProblems.length === 0 &&
      this.checkStatus === CheckStatus.checked &&
      this.check?.deployable === true &&
      this.deployStatus !== SavingStatus.saving
    );
  }

  openDrawer(): void {
    this.drawerOpen = true;
  }

  /** Closes the drawer and forgets the chosen files; not while a deploy is under way. */
  closeDrawer(): void {
    if (this.deployStatus === SavingStatus.saving) return;
    this.drawerOpen = false;
    this.bpmn = null;
    this.forms = [];
    this.localProblems = [];
    this.check = null;
    this.checkStatus = CheckStatus.idle;
    this.deployStatus = SavingStatus.unknown;
    this.failureKey = null;
    this.checkSequence += 1;
  }

  /**
   * A new choice withdraws the verdict on the old one at once, before its file is read: the
   * files are read in the background, and Deploy must not send the earlier choice meanwhile
   * (a process deployed without the form just picked for it).
   */
  private withdrawCheck(): void {
    this.checkSequence += 1;
    this.check = null;
    this.checkStatus = CheckStatus.checking;
    this.deployStatus = SavingStatus.unknown;
    this.failureKey = null;
  }

  /** Takes the chosen process file (or none) and checks the files again. */
  async chooseBpmn(file: File | null): Promise<void> {
    this.withdrawCheck();
    const choice = ++this.bpmnChoice;
    const read = file ? await this.read(file, BPMN_FILE_MAX_CHARS) : null;
    // A file picked since, read sooner, is the choice that stands.
    if (choice !== this.bpmnChoice) return;
    runInAction(() => {
      this.bpmn = read;
    });
    await this.runCheck();
  }

  /** Takes the chosen form files (replacing the earlier choice) and checks again. */
  async chooseForms(files: readonly File[]): Promise<void> {
    this.withdrawCheck();
    const choice = ++this.formsChoice;
    const read = await Promise.all(
      files.slice(0, DEPLOYMENT_FORMS_MAX).map((file) => this.read(file, FORM_FILE_MAX_CHARS)),
    );
    if (choice !== this.formsChoice) return;
    runInAction(() => {
      this.forms = read.filter((file): file is PickedFile => file !== null);
    });
    if (files.length > DEPLOYMENT_FORMS_MAX) {
      this.addLocalProblem('process.deployments.local.tooManyForms', {
        limit: DEPLOYMENT_FORMS_MAX,
      });
    }
    await this.runCheck();
  }

  /** Removes one chosen form file and checks again. */
  async removeForm(fileName: string): Promise<void> {
    this.forms = this.forms.filter((form) => form.fileName !== fileName);
    await this.runCheck();
  }

  private addLocalProblem(key: string, values: Record<string, string | number>): void {
    this.localProblems = [...this.localProblems, { key, values }];
  }

  private async read(file: File, maxChars: number): Promise<PickedFile | null> {
    // Bytes bound characters from above: a file of fewer bytes than the limit fits.
    if (file.size > maxChars * 4) {
      this.addLocalProblem('process.deployments.local.tooLarge', { fileName: file.name });
      return null;
    }
    try {
      const content = await readText(file);
      if (content.length > maxChars) {
        runInAction(() =>
          this.addLocalProblem('process.deployments.local.tooLarge', { fileName: file.name }),
        );
        return null;
      }
      return { fileName: file.name, content };
    } catch {
      runInAction(() =>
        this.addLocalProblem('process.deployments.local.unreadable', { fileName: file.name }),
      );
      return null;
    }
  }

  private body(): DeploymentBody | null {
    if (!this.bpmn) return null;
    return { bpmn: this.bpmn, forms: this.forms };
  }

  /** Checks the chosen files with the server; the latest check wins. */
  async runCheck(): Promise<void> {
    // Problems of files no longer chosen go with them.
    const chosen = new Set([this.bpmn?.fileName, ...this.forms.map((form) => form.fileName)]);
    this.localProblems = this.localProblems.filter(
      (problem) =>
        typeof problem.values.fileName !== 'string' || !chosen.has(problem.values.fileName),
    );
    const body = this.body();
    const sequence = ++this.checkSequence;
    this.deployStatus = SavingStatus.unknown;
    this.failureKey = null;
    if (!body) {
      this.check = null;
      this.checkStatus = CheckStatus.idle;
      return;
    }
    this.checkStatus = CheckStatus.checking;
    try {
      const answer = await this.api.check(body);
      if (sequence !== this.checkSequence) return;
      runInAction(() => {
        this.check = answer;
        this.checkStatus = CheckStatus.checked;
      });
      this.announceCheck();
    } catch (error) {
      if (sequence !== this.checkSequence) return;
      const key = failureKeyOf(error);
      runInAction(() => {
        this.check = null;
        this.checkStatus = CheckStatus.failed;
        this.failureKey = key;
      });
      this.announcer.announce(key);
    }
  }

  private announceCheck(): void {
    const errors = this.errors.length;
    const warnings = this.warnings.length;
    if (errors > 0) {
      this.announcer.announce('process.deployments.announce.errors', {
        count: errors,
        warnings,
      });
    } else {
      this.announcer.announce('process.deployments.announce.ready', { count: warnings });
    }
  }

  /** Deploys the checked files; answers the new version, or null when it was refused. */
  async deploy(): Promise<DeployedVersion | null> {
    const body = this.body();
    if (!body || !this.canDeploy) return null;
    this.deployStatus = SavingStatus.saving;
    try {
      const answer = await this.api.deploy(body);
      runInAction(() => {
        this.deployStatus = SavingStatus.success;
      });
      this.toasts.showSuccess('process.deployments.deployed', {
        name: answer.data.name,
        version: answer.data.version,
      });
      this.closeDrawer();
      await this.load();
      return answer.data;
    } catch (error) {
      runInAction(() => {
        this.deployStatus = SavingStatus.error;
      });
      if (error instanceof ApiError && error.code === ErrorCode.deploymentRefused) {
        // Something changed since the check (a form stored meanwhile): check again to list it.
        await this.runCheck();
        runInAction(() => {
          this.deployStatus = SavingStatus.error;
        });
      } else {
        const key = failureKeyOf(error);
        runInAction(() => {
          this.failureKey = key;
        });
        this.announcer.announce(key);
      }
      return null;
    }
  }

  /** Asks to confirm retiring a version; a retired one has nothing to ask. */
  askRetire(version: DeployedVersion): void {
    if (version.retired) return;
    this.retiring = version;
  }

  cancelRetire(): void {
    if (!this.retireBusy) this.retiring = null;
  }

  /** Whether retiring `version` leaves its process without a version to start. */
  isLastLiveVersion(version: DeployedVersion): boolean {
    const process = this.processes.find((candidate) => candidate.key === version.key);
    const live = process?.versions.filter((candidate) => !candidate.retired) ?? [];
    return live.length === 1 && live[0]?.id === version.id;
  }

  async confirmRetire(): Promise<void> {
    const version = this.retiring;
    if (!version) return;
    this.retireBusy = true;
    try {
      const answer = await this.api.retire(version.id);
      runInAction(() => {
        this.processes = this.processes.map((process) =>
          process.key !== version.key
            ? process
            : {
                ...process,
                versions: process.versions.map((kept) =>
                  kept.id === version.id ? answer.data : kept,
                ),
                liveVersion:
                  process.versions.find((kept) => kept.id !== version.id && !kept.retired)
                    ?.version ?? null,
              },
        );
        this.lastRetiredId = version.id;
      });
      if (answer.liveVersions === 0) {
        this.toasts.show({
          key: 'process.deployments.retiredLast',
          values: { name: version.name },
          intent: 'warning',
        });
      } else {
        this.toasts.showSuccess('process.deployments.retired', {
          name: version.name,
          version: version.version,
        });
      }
    } catch (error) {
      if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    } finally {
      runInAction(() => {
        this.retireBusy = false;
        this.retiring = null;
      });
    }
  }
}
