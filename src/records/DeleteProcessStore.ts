import { makeAutoObservable, runInAction } from 'mobx';
import { DELETE_LINK_TYPE } from '../../schemas/api/dataStoreProcessesConstants';
import { ForbiddenError, UnauthorizedError } from '../api/errors';
import { newInstanceName, startProcess } from '../api/processesApi';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import { fetchDeleteProcesses, type DataStoreProcessItem } from '../api/recordsApi';

/**
 * Where starting a delete process stands (spec 001 section 3, "Delete-process store":
 * startProcessInstanceStatus).
 */
export const StartProcessInstanceStatus = {
  unknown: 'unknown',
  pending: 'pending',
  success: 'success',
  error: 'error',
} as const;
/** One of `StartProcessInstanceStatus`. */
export type StartProcessInstanceStatus =
  (typeof StartProcessInstanceStatus)[keyof typeof StartProcessInstanceStatus];

/** The record a delete process is started on. */
export interface DeletionSubject {
  readonly key: string;
  readonly version: number;
  readonly recordId: string;
}

/** What the Delete menu's store needs from the app. */
export interface DeleteProcessStoreDeps {
  toasts: Pick<ToastStore, 'showError'>;
}

// 401 signs the user out and 403 is handled by the shell: no toast of ours for either.
const isSessionError = (error: unknown) =>
  error instanceof UnauthorizedError || error instanceof ForbiddenError;

/**
 * The record page's delete processes (spec 001 section 3, "Delete-process store"): the
 * object's processes that delete a record, how their list loaded, and how starting one
 * went. Starting is unknown, then pending, then success (the new instance opens) or error
 * (process.failedToCreateProcess); a failed list says process.failedtoLoadDeleteProcesses.
 */
export class DeleteProcessStore {
  items: DataStoreProcessItem[] = [];
  remoteLoadingStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  startProcessInstanceStatus: StartProcessInstanceStatus = StartProcessInstanceStatus.unknown;
  processInstanceId: string | null = null;
  /** The process the confirm dialog asks about; null while it is closed. */
  chosen: DataStoreProcessItem | null = null;
  private readonly deps: DeleteProcessStoreDeps;
  private request = 0;

  constructor(deps: DeleteProcessStoreDeps) {
    this.deps = deps;
    makeAutoObservable<DeleteProcessStore, 'deps' | 'request'>(this, {
      deps: false,
      request: false,
    });
  }

  /** Loads the object's delete processes: loading, then fullyLoaded or loadingFailed. */
  async load(key: string, version: number): Promise<void> {
    const request = ++this.request;
    this.remoteLoadingStatus = RemoteLoadingStatus.loading;
    try {
      const items = await fetchDeleteProcesses(key, version);
      if (request !== this.request) return;
      runInAction(() => {
        this.items = items;
        this.remoteLoadingStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (request !== this.request) return;
      runInAction(() => {
        this.items = [];
        this.remoteLoadingStatus = RemoteLoadingStatus.loadingFailed;
      });
      if (!isSessionError(error)) this.deps.toasts.showError('process.failedtoLoadDeleteProcesses');
    }
  }

  /** Asks to confirm one process (the dialog opens). */
  choose(item: DataStoreProcessItem): void {
    this.chosen = item;
  }

  /** Closes the dialog without starting anything; not while a start is pending. */
  cancel(): void {
    if (this.startProcessInstanceStatus === StartProcessInstanceStatus.pending) return;
    this.chosen = null;
  }

  /**
   * Starts the chosen process on the record (spec 001 section 3, "Start process payload":
   * the definition's name plus an ISO timestamp, and `values.metaData` naming the record,
   * the DELETE link type and the object), then opens the new instance with `openInstance`
   * (`/process/instance/{id}`, the page adds the list's state to the navigation).
   */
  async start(
    subject: DeletionSubject,
    openInstance: (processInstanceId: string) => void,
  ): Promise<void> {
    const item = this.chosen;
    if (!item || this.startProcessInstanceStatus === StartProcessInstanceStatus.pending) return;
    this.startProcessInstanceStatus = StartProcessInstanceStatus.pending;
    try {
      const id = await startProcess({
        processDefinitionId: item.appDefinition.processDefinitionId,
        name: newInstanceName(item.appDefinition.name),
        values: {
          metaData: {
            businessObjectId: subject.recordId,
            linkType: DELETE_LINK_TYPE,
            objectDefinitionKey: subject.key,
            objectDefinitionVersion: subject.version,
          },
        },
      });
      runInAction(() => {
        this.processInstanceId = id;
        this.startProcessInstanceStatus = StartProcessInstanceStatus.success;
        this.chosen = null;
      });
      openInstance(id);
    } catch (error) {
      runInAction(() => {
        this.startProcessInstanceStatus = StartProcessInstanceStatus.error;
      });
      if (!isSessionError(error)) this.deps.toasts.showError('process.failedToCreateProcess');
    }
  }
}
