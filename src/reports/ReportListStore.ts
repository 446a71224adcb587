import { makeAutoObservable, runInAction } from 'mobx';
import type { ReportType } from '../../schemas/api/reportsConstants';
import { reportFailure } from '../stores/reportFailure';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import { fetchReportList, type ReportInstance } from '../api/reportsApi';

/** What the list store needs besides the toasts: the call, replaceable in tests. */
export interface ReportListCalls {
  fetchList: typeof fetchReportList;
}

const APP_CALLS: ReportListCalls = { fetchList: fetchReportList };

/**
 * The list of `/report/{type}`: the completed instances of the type, newest end first, read
 * a server page at a time (the spec's high-size query, 4000 rows) into one growing table.
 * Status is partiallyLoaded while more pages follow, fullyLoaded once the last one is in.
 */
export class ReportListStore {
  /** The type whose rows these are. */
  type: ReportType | null = null;
  /** The language the rows' labels were asked in. */
  language: string | null = null;
  /** The completed instances read so far, newest end first. */
  rows: ReportInstance[] = [];
  /** How many completed instances the type has in all. */
  totalElements = 0;
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Whether a following page is being read (the rows already shown stay). */
  loadingMore = false;

  private readonly toasts: ToastStore;
  private readonly calls: ReportListCalls;
  /** The server's cursor of the next page; null when the last page is in. */
  private next: string | null = null;
  private requestSeq = 0;

  constructor(toasts: ToastStore, calls: ReportListCalls = APP_CALLS) {
    this.toasts = toasts;
    this.calls = calls;
    makeAutoObservable<ReportListStore, 'toasts' | 'calls' | 'requestSeq'>(this, {
      toasts: false,
      calls: false,
      requestSeq: false,
    });
  }

  /** Whether the server has more rows than are shown. */
  get hasMore(): boolean {
    return this.next !== null;
  }

  /** Loads a type's first page; rows of another type are cleared at once, never shown under it. */
  async load(type: ReportType, language: string): Promise<void> {
    const seq = ++this.requestSeq;
    if (this.type !== type) {
      this.rows = [];
      this.totalElements = 0;
    }
    this.type = type;
    this.language = language;
    this.next = null;
    this.loadingMore = false;
    this.status = RemoteLoadingStatus.loading;
    try {
      const page = await this.calls.fetchList(type, language);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.rows = page.rows;
        this.totalElements = page.totalElements;
        this.next = page.next;
        this.status =
          page.next === null
            ? RemoteLoadingStatus.fullyLoaded
            : RemoteLoadingStatus.partiallyLoaded;
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      reportFailure(this.toasts, error);
    }
  }

  /**
   * Reads the next page onto the end of the list. A row already shown is not repeated; a
   * failure keeps the rows and the cursor, so asking again continues from the same place.
   */
  async loadMore(): Promise<void> {
    const { type, language, next } = this;
    if (type === null || language === null || next === null || this.loadingMore) return;
    const seq = ++this.requestSeq;
    this.loadingMore = true;
    try {
      const page = await this.calls.fetchList(type, language, next);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        const shown = new Set(this.rows.map((row) => row.id));
        this.rows = [...this.rows, ...page.rows.filter((row) => !shown.has(row.id))];
        this.totalElements = page.totalElements;
        this.next = page.next;
        this.loadingMore = false;
        this.status =
          page.next === null
            ? RemoteLoadingStatus.fullyLoaded
            : RemoteLoadingStatus.partiallyLoaded;
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.loadingMore = false;
      });
      reportFailure(this.toasts, error);
    }
  }
}
