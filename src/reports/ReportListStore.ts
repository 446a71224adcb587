import { makeAutoObservable, runInAction } from 'mobx';
import type { ReportType } from '../../schemas/api/reportsConstants';
import { reportFailure } from '../stores/reportFailure';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import { fetchReportList, type ReportInstance } from './reportsApi';

/** The list of `/report/{type}`: every completed instance of the type, not paged. */
export class ReportListStore {
  /** The type whose rows these are. */
  type: ReportType | null = null;
  /** The language the rows' labels were asked in. */
  language: string | null = null;
  /** The completed instances, newest end first. */
  rows: ReportInstance[] = [];
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;

  private readonly toasts: ToastStore;
  private requestSeq = 0;

  constructor(toasts: ToastStore) {
    this.toasts = toasts;
    makeAutoObservable<ReportListStore, 'toasts' | 'requestSeq'>(this, {
      toasts: false,
      requestSeq: false,
    });
  }

  /** Loads a type's list; rows of another type are cleared at once, never shown under it. */
  async load(type: ReportType, language: string): Promise<void> {
    const seq = ++this.requestSeq;
    if (this.type !== type) this.rows = [];
    this.type = type;
    this.language = language;
    this.status = RemoteLoadingStatus.loading;
    try {
      const rows = await fetchReportList(type, language);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = rows;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      reportFailure(this.toasts, error);
    }
  }
}
