import { makeAutoObservable, runInAction } from 'mobx';
import { NotFoundError } from '../api/errors';
import { needsOwnMessage } from '../stores/reportFailure';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import type { ExternalTaskItem, IntegrationsApi } from '../api/integrationsApi';

/** The attempts a retried incident gets: a few, so a cause still there does not loop for long. */
export const RETRY_ATTEMPTS = 3;

/**
 * The incidents of the tenant: external tasks whose worker gave up (no attempt left), each
 * holding its case at that step. Retry gives one {@link RETRY_ATTEMPTS} attempts again and
 * takes it off the list, which says so through the toast (spoken by the live region).
 */
export class IncidentsStore {
  incidents: ExternalTaskItem[] = [];
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The incidents whose retry is under way, by id. */
  retrying: ReadonlySet<string> = new Set();
  /**
   * Where the retried incident stood in the list, so the screen can put the focus on the
   * one that took its place; null before any retry.
   */
  lastRetriedIndex: number | null = null;

  private readonly api: IntegrationsApi;
  private readonly toasts: ToastStore;

  constructor(api: IntegrationsApi, toasts: ToastStore) {
    this.api = api;
    this.toasts = toasts;
    makeAutoObservable<IncidentsStore, 'api' | 'toasts'>(this, { api: false, toasts: false });
  }

  async load(): Promise<void> {
    this.status = RemoteLoadingStatus.loading;
    try {
      const answer = await this.api.listIncidents();
      runInAction(() => {
        this.incidents = answer.data;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
    }
  }

  /** Sends an incident back to its workers; answers whether it left the list. */
  async retry(incident: ExternalTaskItem): Promise<boolean> {
    if (this.retrying.has(incident.id)) return false;
    this.retrying = new Set([...this.retrying, incident.id]);
    const values = { topic: incident.topicName, case: incident.businessKey ?? '' };
    const keyOf = (key: string) => (incident.businessKey === null ? `${key}NoCase` : key);
    try {
      await this.api.retry(incident.id, RETRY_ATTEMPTS);
      this.remove(incident.id);
      this.toasts.showSuccess(keyOf('integrations.incidents.retried'), {
        ...values,
        count: RETRY_ATTEMPTS,
      });
      return true;
    } catch (error) {
      if (error instanceof NotFoundError) {
        // The case moved on or was withdrawn meanwhile: nothing is left to retry.
        this.remove(incident.id);
        this.toasts.show({ key: keyOf('integrations.incidents.gone'), values, intent: 'primary' });
        return true;
      }
      if (needsOwnMessage(error)) this.toasts.showError('common.serverErrorTryAgain');
      return false;
    } finally {
      runInAction(() => {
        const still = new Set(this.retrying);
        still.delete(incident.id);
        this.retrying = still;
      });
    }
  }

  private remove(id: string): void {
    const index = this.incidents.findIndex((kept) => kept.id === id);
    if (index < 0) return;
    this.incidents = this.incidents.filter((kept) => kept.id !== id);
    this.lastRetriedIndex = index;
  }
}
