import { makeAutoObservable, runInAction } from 'mobx';
import type { ReportType } from '../../schemas/api/reportsConstants';
import { BadRequestError, NotFoundError } from '../api/errors';
import { reportFailure } from '../stores/reportFailure';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import { saveFile } from '../components/saveFile';
import { fetchReportCsv, fetchReportDetail, type ReportDetail } from '../api/reportsApi';

/** What the detail store needs besides the toasts: the calls, replaceable in tests. */
export interface ReportDetailCalls {
  fetchDetail: typeof fetchReportDetail;
  fetchCsv: typeof fetchReportCsv;
  save: (file: File) => void;
}

const APP_CALLS: ReportDetailCalls = {
  fetchDetail: fetchReportDetail,
  fetchCsv: fetchReportCsv,
  save: saveFile,
};

/**
 * One completed instance's report (spec 001 section 3, "Object report detail": detail and
 * status): loaded when asked, a missing one remembered as not found (the page says so, so
 * no toast repeats it), and its CSV export with its own saving status.
 */
export class ReportDetailStore {
  /** The instance asked for. */
  detailId: string | null = null;
  /** Its report, once loaded. */
  detail: ReportDetail | null = null;
  /** Where loading stands; anything but fullyLoaded while a request runs. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Whether the server said there is no such completed instance of the type. */
  notFound = false;
  /** Where the CSV export stands. */
  exportStatus: SavingStatus = SavingStatus.unknown;

  private readonly toasts: ToastStore;
  private readonly calls: ReportDetailCalls;
  private requestSeq = 0;

  constructor(toasts: ToastStore, calls: ReportDetailCalls = APP_CALLS) {
    this.toasts = toasts;
    this.calls = calls;
    makeAutoObservable<ReportDetailStore, 'toasts' | 'calls' | 'requestSeq'>(this, {
      toasts: false,
      calls: false,
      requestSeq: false,
    });
  }

  /** Loads an instance's report in `language` (its option labels and names). */
  async load(type: ReportType, detailId: string, language: string): Promise<void> {
    const seq = ++this.requestSeq;
    if (this.detailId !== detailId) this.detail = null;
    this.detailId = detailId;
    this.notFound = false;
    this.status = RemoteLoadingStatus.loading;
    try {
      const detail = await this.calls.fetchDetail(type, detailId, language);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.detail = detail;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      // An id that is not an instance id (a 400) is as missing as an unknown one.
      const missing = error instanceof NotFoundError || error instanceof BadRequestError;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
        this.notFound = missing;
      });
      if (!missing) reportFailure(this.toasts, error);
    }
  }

  /** Downloads the instance's CSV, made by the server in `language`. */
  async exportCsv(type: ReportType, language: string): Promise<void> {
    const detailId = this.detailId;
    if (detailId === null || this.exportStatus === SavingStatus.saving) return;
    this.exportStatus = SavingStatus.saving;
    try {
      const file = await this.calls.fetchCsv(type, detailId, language);
      this.calls.save(file);
      runInAction(() => {
        this.exportStatus = SavingStatus.success;
      });
    } catch (error) {
      runInAction(() => {
        this.exportStatus = SavingStatus.error;
      });
      reportFailure(this.toasts, error, 'reports.exportFailed');
    }
  }
}
