import { makeAutoObservable, runInAction } from 'mobx';
import { normalizeDateFilter } from '../../schemas/api/recordDateFilter';
import type { FilterItem, ListRecord, ObjectField, SortParams } from '../../schemas/api/records';
import {
  ComparisonType,
  DEFAULT_RECORD_PAGE_SIZE,
  MAX_REQUESTED_PROPERTIES,
  RECORD_PAGE_SIZES,
  RecordRequestType,
  RecordsDownloadRefusal,
  SortDirection,
  type RecordPageSize,
} from '../../schemas/api/recordsConstants';
import { ErrorCode } from '../../schemas/api/commonConstants';
import {
  BadRequestError,
  NotFoundError,
  RateLimitedError,
  UnprocessableError,
} from '../api/errors';
import type { AppNavigator } from '../stores/AppNavigator';
import { needsOwnMessage, reportFailure } from '../stores/reportFailure';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { AnnouncerStore } from '../stores/AnnouncerStore';
import type { ToastStore } from '../stores/ToastStore';
import { recordPath } from './recordPaths';
import {
  downloadRecords,
  fetchObjectDefinition,
  queryRecords,
  type ObjectDefinition,
} from '../api/recordsApi';
import type { ObjectDataSnapshot } from './objectDataNavigationState';
import { reportRecordsWarning } from './recordsWarning';

/** Where the page size choice is kept between visits. */
export const PAGE_SIZE_STORAGE_KEY = 'tessera.records.pageSize';

/** Where the download stands (spec 001 section 4, download statuses). */
export const DownloadStatus = {
  idle: 'default',
  loading: 'loading',
  success: 'success',
  error: 'httpError',
} as const;
export type DownloadStatus = (typeof DownloadStatus)[keyof typeof DownloadStatus];

/**
 * The download refusals whose code is also their message's translation key: too many rows,
 * or a file the server stopped building for its time or memory limit.
 */
const DOWNLOAD_REFUSALS: readonly string[] = [
  'records.tooManyRows',
  ...Object.values(RecordsDownloadRefusal),
];

/**
 * The message of a failed download: the server's refusal in words when it named one, the
 * busy message when the download queue was full, else datastore.reportDownloadError.
 */
function downloadFailureKey(error: unknown): string {
  if (error instanceof RateLimitedError && error.code === ErrorCode.serverTooBusy) {
    return 'records.downloadTooBusy';
  }
  if (error instanceof UnprocessableError) {
    const refusal = error.details.find((detail) => DOWNLOAD_REFUSALS.includes(detail.code));
    if (refusal) return refusal.code;
  }
  return 'datastore.reportDownloadError';
}

/** What a page load says in the live region once its rows are there. */
export const RecordsAnnouncement = {
  /** Nothing: the list was only refreshed. */
  none: 'none',
  /** The count of the new selection (after a search). */
  count: 'count',
  /** The range of records shown (after paging). */
  range: 'range',
} as const;
/** One of `RecordsAnnouncement`. */
export type RecordsAnnouncement = (typeof RecordsAnnouncement)[keyof typeof RecordsAnnouncement];

/** What the records store needs from the app. */
export interface RecordsStoreDeps {
  toasts: ToastStore;
  /**
   * Where results are spoken (the count after a search, the range after paging, a download
   * ready); none where nobody listens.
   */
  announcer?: AnnouncerStore;
  navigator: AppNavigator;
  /** Where the page size is remembered; null when storage is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Saves a downloaded file for the user (a link click in the browser). */
  saveFile: (file: File) => void;
}

function readPageSize(storage: RecordsStoreDeps['storage']): RecordPageSize {
  try {
    const kept = Number(storage?.getItem(PAGE_SIZE_STORAGE_KEY));
    return (RECORD_PAGE_SIZES as readonly number[]).includes(kept)
      ? (kept as RecordPageSize)
      : DEFAULT_RECORD_PAGE_SIZE;
  } catch {
    return DEFAULT_RECORD_PAGE_SIZE;
  }
}

/**
 * The records screen's state (spec 001 section 3, "Object data list state"): the object's
 * definition, the filter rows as typed and as searched, the search mode, the sort, the page
 * and its rows. It lives as long as the app, so coming back from a record finds the list
 * as it was left; opening another object starts afresh.
 */
export class RecordsStore {
  key: string | null = null;
  version = 1;
  definition: ObjectDefinition | null = null;
  definitionStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** What the user typed in each column's filter, by field key. */
  filterDraft: Record<string, string> = {};
  /** The filter rows of the last search. */
  appliedFilters: FilterItem[] = [];
  /** A problem with a typed filter value, by field key: a translation key. */
  filterErrors: Record<string, string> = {};
  searchMode: ComparisonType = ComparisonType.exact;
  sort: SortParams | undefined = undefined;
  page = 0;
  pageSize: RecordPageSize;
  rows: ListRecord[] = [];
  totalElements = 0;
  /** Whether the count stopped at its cap: the selection holds more than `totalElements`. */
  totalCapped = false;
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  filtersOpen = false;
  downloadStatus: DownloadStatus = DownloadStatus.idle;

  private readonly deps: RecordsStoreDeps;
  private request = 0;

  constructor(deps: RecordsStoreDeps) {
    this.deps = deps;
    this.pageSize = readPageSize(deps.storage);
    makeAutoObservable<RecordsStore, 'deps' | 'request'>(this, { deps: false, request: false });
  }

  /** The definition's fields, in order. */
  get fields(): readonly ObjectField[] {
    return this.definition?.fields ?? [];
  }

  /** Whether the list is waiting for its definition or a page. */
  get isLoading(): boolean {
    return (
      this.definitionStatus === RemoteLoadingStatus.loading ||
      this.status === RemoteLoadingStatus.loading
    );
  }

  /** The 1-based number of the page's first record; 0 when there is none. */
  get rangeFirst(): number {
    return this.totalElements === 0 ? 0 : this.page * this.pageSize + 1;
  }

  /** The 1-based number of the page's last record. */
  get rangeLast(): number {
    return Math.min(this.totalElements, (this.page + 1) * this.pageSize);
  }

  /** How many pages the current selection has (at least one). */
  get pageCount(): number {
    return Math.max(1, Math.ceil(this.totalElements / this.pageSize));
  }

  /** Whether a page follows the current one: always when the count stopped at its cap. */
  get hasNextPage(): boolean {
    return this.totalCapped || this.page < this.pageCount - 1;
  }

  /** Whether a record of this object can be opened: its definition names a form. */
  get hasForm(): boolean {
    const other = this.definition?.otherData;
    return Boolean(other?.formId ?? other?.cutFormId);
  }

  /**
   * Shows an object's list. The same object as before keeps its filters, sort and page
   * (coming back from a record) and reloads that page; another object starts afresh with
   * the exact search mode. A list state carried back for this object (`restore`) replaces
   * the filters, sort and page either way.
   */
  async open(key: string, version: number, restore?: ObjectDataSnapshot | null): Promise<void> {
    const same = this.key === key && this.version === version && this.definition !== null;
    const snapshot = restore?.key === key && restore.version === version ? restore : null;
    if (same) {
      if (snapshot) this.apply(snapshot);
      await this.loadPage();
      return;
    }
    this.key = key;
    this.version = version;
    this.definition = null;
    this.filterDraft = {};
    this.appliedFilters = [];
    this.filterErrors = {};
    this.searchMode = ComparisonType.exact;
    this.sort = undefined;
    this.page = 0;
    this.filtersOpen = false;
    if (snapshot) this.apply(snapshot);
    this.rows = [];
    this.totalElements = 0;
    this.totalCapped = false;
    this.definitionStatus = RemoteLoadingStatus.loading;
    const request = ++this.request;
    try {
      const definition = await fetchObjectDefinition(key, version);
      if (request !== this.request) return;
      runInAction(() => {
        this.definition = definition;
        this.definitionStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (request !== this.request) return;
      runInAction(() => {
        this.definitionStatus = RemoteLoadingStatus.loadingFailed;
      });
      if (error instanceof NotFoundError) this.deps.toasts.showError('records.notFound');
      else reportFailure(this.deps.toasts, error, 'records.definitionLoadError');
      return;
    }
    await this.loadPage();
  }

  /**
   * Takes back a list state that travelled with a navigation (the way back from a process
   * instance started on one of the records): filters as typed and searched, search mode,
   * sort and page. The filter panel opens when it holds a value, so the user sees them.
   */
  private apply(snapshot: ObjectDataSnapshot): void {
    this.filterDraft = { ...snapshot.filterDraft };
    this.appliedFilters = snapshot.filterParams.map((item) => ({ ...item }));
    this.filterErrors = {};
    this.searchMode = snapshot.searchMode;
    this.sort = snapshot.sort ? { ...snapshot.sort } : undefined;
    this.page = snapshot.page;
    this.filtersOpen = Object.values(snapshot.filterDraft).some((value) => value.trim() !== '');
  }

  /** Types into a column's filter. */
  setFilterValue(fieldKey: string, value: string): void {
    this.filterDraft = { ...this.filterDraft, [fieldKey]: value };
    if (this.filterErrors[fieldKey]) {
      const { [fieldKey]: _cleared, ...rest } = this.filterErrors;
      this.filterErrors = rest;
    }
  }

  /** Exact (default) or partial search. */
  setSearchMode(mode: ComparisonType): void {
    this.searchMode = mode;
  }

  /** Opens or closes the filter panel. */
  setFiltersOpen(open: boolean): void {
    this.filtersOpen = open;
  }

  /**
   * Searches with the typed filters (Enter or the search button): only columns with a value
   * make rows (spec 001 section 5), date values are normalised and shown normalised, and a
   * date that cannot be read stops the search with a message under its column.
   */
  async search(): Promise<void> {
    const rows: FilterItem[] = [];
    const errors: Record<string, string> = {};
    const draft = { ...this.filterDraft };
    for (const field of this.fields) {
      const value = (draft[field.key] ?? '').trim();
      if (value === '') continue;
      if (field.type === 'date') {
        const date = normalizeDateFilter(value);
        if (!date) {
          errors[field.key] = 'records.badDate';
          continue;
        }
        draft[field.key] = date.value;
        rows.push({ key: field.key, value: date.value, comparisonType: this.searchMode });
      } else {
        rows.push({ key: field.key, value, comparisonType: this.searchMode });
      }
    }
    this.filterDraft = draft;
    this.filterErrors = errors;
    if (Object.keys(errors).length > 0) return;
    this.appliedFilters = rows;
    this.page = 0;
    await this.loadPage(RecordsAnnouncement.count);
  }

  /** Empties every filter and searches again. */
  async clearFilters(): Promise<void> {
    this.filterDraft = {};
    this.filterErrors = {};
    this.appliedFilters = [];
    this.page = 0;
    await this.loadPage(RecordsAnnouncement.count);
  }

  /** Sorts on a field: first descending (the default), then ascending, then descending. */
  async toggleSort(fieldKey: string): Promise<void> {
    const direction =
      this.sort?.param === fieldKey && this.sort.direction === SortDirection.desc
        ? SortDirection.asc
        : SortDirection.desc;
    this.sort = { param: fieldKey, direction };
    this.page = 0;
    await this.loadPage();
  }

  /** Goes to a page (0-based), within the selection. */
  async goToPage(page: number): Promise<void> {
    // Past a capped count, the page after the counted ones may still be asked for.
    const last = this.totalCapped ? this.pageCount : this.pageCount - 1;
    const next = Math.min(Math.max(0, page), last);
    if (next === this.page) return;
    this.page = next;
    await this.loadPage(RecordsAnnouncement.range);
  }

  /** Changes the page size, remembers it, and starts at the first page. */
  async setPageSize(size: RecordPageSize): Promise<void> {
    this.pageSize = size;
    this.page = 0;
    try {
      this.deps.storage?.setItem(PAGE_SIZE_STORAGE_KEY, String(size));
    } catch {
      // A full or blocked storage only means the choice is not remembered.
    }
    await this.loadPage();
  }

  /**
   * The list request's properties: the definition's fields. An empty list or one longer
   * than 50 switches to the all-properties type and is reported (spec 001 section 5).
   */
  private properties(): { properties: string[]; requestType: RecordRequestType } {
    const properties = this.fields.map((field) => field.key);
    if (properties.length === 0 || properties.length > MAX_REQUESTED_PROPERTIES) {
      reportRecordsWarning('The property list switched to all properties.', {
        key: this.key,
        version: this.version,
        count: properties.length,
      });
      return { properties: [], requestType: RecordRequestType.allProperties };
    }
    return { properties, requestType: RecordRequestType.properties };
  }

  /**
   * Loads the current page of the current selection, and speaks what the user asked for:
   * after a search the new count, after paging the range shown, so a screen-reader user
   * hears the result from the control they pressed.
   */
  async loadPage(announce: RecordsAnnouncement = RecordsAnnouncement.none): Promise<void> {
    const { key, version, definition } = this;
    if (key === null || definition === null) return;
    const request = ++this.request;
    this.status = RemoteLoadingStatus.loading;
    try {
      const result = await queryRecords(key, version, {
        page: this.page,
        pageSize: this.pageSize,
        filterParams: this.appliedFilters,
        ...(this.sort ? { sortParams: this.sort } : {}),
        ...this.properties(),
        filterApproach: this.searchMode,
        useReadFlag: true,
      });
      if (request !== this.request) return;
      runInAction(() => {
        this.rows = result.content;
        this.totalElements = result.totalElements;
        this.totalCapped = result.totalCapped ?? false;
        this.status = RemoteLoadingStatus.fullyLoaded;
        if (announce === RecordsAnnouncement.count) {
          this.deps.announcer?.announce(
            this.totalCapped ? 'records.countMoreThan' : 'records.count',
            { count: result.totalElements },
          );
          // An empty page is not spoken: it moves to the last one below, which is.
        } else if (announce === RecordsAnnouncement.range && result.content.length > 0) {
          this.deps.announcer?.announce(
            this.totalCapped ? 'records.rangeMoreThan' : 'records.range',
            { first: this.rangeFirst, last: this.rangeLast, total: this.totalElements },
          );
        }
      });
      // A page beyond the end (records went away meanwhile) moves to the last one.
      if (result.content.length === 0 && this.page > 0 && result.totalElements > 0) {
        await this.goToPage(this.pageCount - 1);
      }
    } catch (error) {
      if (request !== this.request) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (error instanceof BadRequestError) this.showRefusal(error);
      else reportFailure(this.deps.toasts, error);
    }
  }

  /** A refused search: its details name the columns, shown under their filters. */
  private showRefusal(error: BadRequestError): void {
    const errors: Record<string, string> = {};
    for (const detail of error.details) {
      const index = /^filterParams\/(\d+)\//.exec(detail.path)?.[1];
      const item = index === undefined ? undefined : this.appliedFilters[Number(index)];
      if (item) errors[item.key] = detail.code;
    }
    if (Object.keys(errors).length > 0) {
      this.filterErrors = errors;
      this.filtersOpen = true;
    } else this.deps.toasts.showError('common.serverErrorTryAgain');
  }

  /**
   * Opens a record. Without a form to show it in, the row does not open and
   * datastore.reportFormError says why (spec 001 section 5).
   */
  openRecord(recordId: string): void {
    if (this.key === null) return;
    if (!this.hasForm) {
      this.deps.toasts.showError('datastore.reportFormError');
      return;
    }
    this.deps.navigator.navigate(recordPath(this.key, this.version, recordId));
  }

  /**
   * Downloads the searched list as `{label}.xlsx` in the user's language;
   * datastore.reportDownloadError on failure, a 422 included (spec 001 section 8), unless the
   * server said why: too many rows, too slow or too large to build, or busy.
   */
  async download(locale: string, fallbackName: string): Promise<void> {
    const { key, version } = this;
    if (key === null || this.downloadStatus === DownloadStatus.loading) return;
    this.downloadStatus = DownloadStatus.loading;
    try {
      const file = await downloadRecords(
        key,
        version,
        {
          filterParams: this.appliedFilters,
          searchType: this.searchMode,
          ...(this.sort ? { sortParams: this.sort } : {}),
          locale: locale === 'es' || locale === 'fr' ? locale : 'en',
        },
        fallbackName,
      );
      this.deps.saveFile(file);
      runInAction(() => {
        this.downloadStatus = DownloadStatus.success;
      });
      this.deps.announcer?.announce('records.downloadReady', { name: file.name || fallbackName });
    } catch (error) {
      runInAction(() => {
        this.downloadStatus = DownloadStatus.error;
      });
      if (needsOwnMessage(error)) this.deps.toasts.showError(downloadFailureKey(error));
    }
  }
}
