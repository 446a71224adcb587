import { makeAutoObservable, runInAction } from 'mobx';
import {
  fetchLatestDefinition,
  startProcess,
  type ProcessDefinitionSummary,
} from '../api/processesApi';
import { reportFailure } from '../stores/reportFailure';
import type { AppNavigator } from '../stores/AppNavigator';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { instancePath } from '../tasks/taskPaths';
import { CreateProcessStatus } from './processStatuses';

/** The kinds of application the new-application screen starts (spec 000 section 2). */
export const ApplicationType = { loan: 'loan', customer: 'customer' } as const;
/** One of `ApplicationType`. */
export type ApplicationType = (typeof ApplicationType)[keyof typeof ApplicationType];

/** Whether a route parameter names an application type. */
export function isApplicationType(value: unknown): value is ApplicationType {
  return value === ApplicationType.loan || value === ApplicationType.customer;
}

/** The longest instance name the server takes. */
export const APPLICATION_NAME_MAX = 255;

/**
 * The new-application screen: the latest definition of an app key, a name typed by the user,
 * and the start of an instance with that name, which then opens.
 */
export class NewApplicationStore {
  /** The app key asked for. */
  appDefinitionKey: string | null = null;
  /** Its latest definition; null until loaded or when there is none. */
  definition: ProcessDefinitionSummary | null = null;
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The name typed. */
  name = '';
  /** Where starting stands. */
  startStatus: CreateProcessStatus = CreateProcessStatus.unknown;

  private readonly toasts: ToastStore;
  private readonly navigator: AppNavigator;
  private requestSeq = 0;

  constructor(toasts: ToastStore, navigator: AppNavigator) {
    this.toasts = toasts;
    this.navigator = navigator;
    makeAutoObservable<NewApplicationStore, 'toasts' | 'navigator' | 'requestSeq'>(this, {
      toasts: false,
      navigator: false,
      requestSeq: false,
    });
  }

  /** Whether the start button may be pressed. */
  get canStart(): boolean {
    return (
      this.definition !== null &&
      this.name.trim() !== '' &&
      this.startStatus !== CreateProcessStatus.pending
    );
  }

  /** Loads the latest definition of an app key. */
  async load(appDefinitionKey: string): Promise<void> {
    const seq = ++this.requestSeq;
    this.appDefinitionKey = appDefinitionKey;
    this.definition = null;
    this.name = '';
    this.startStatus = CreateProcessStatus.unknown;
    this.status = RemoteLoadingStatus.loading;
    try {
      const definition = await fetchLatestDefinition(appDefinitionKey);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.definition = definition;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** Sets the name, cut to what the server takes. */
  setName(name: string): void {
    this.name = name.slice(0, APPLICATION_NAME_MAX);
  }

  /** Starts the process with the typed name and opens the new instance. */
  async start(): Promise<void> {
    const definition = this.definition;
    if (!definition || !this.canStart) return;
    this.startStatus = CreateProcessStatus.pending;
    try {
      const id = await startProcess({
        processDefinitionId: definition.id,
        name: this.name.trim(),
      });
      runInAction(() => {
        this.startStatus = CreateProcessStatus.success;
      });
      this.navigator.navigate(instancePath(id));
    } catch (error) {
      runInAction(() => {
        this.startStatus = CreateProcessStatus.error;
      });
      reportFailure(this.toasts, error, 'process.failedToCreateProcess');
    }
  }
}
