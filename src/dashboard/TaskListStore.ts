import { makeAutoObservable, observable, observableRef, observableStruct, runInAction } from 'mobx';
import {
  fetchCommentAvailability,
  fetchTaskList,
  QuickFilterType,
  SortField,
  SortOrder,
  TaskAssignmentOf,
  TaskListKind,
  toSortParams,
  toSortType,
  type CommentStatus,
  type TaskFilterParams,
  type TaskQueryBody,
  type TaskRow,
  type TaskSort,
  UnexpectedResponseError,
} from '../api/tasksApi';
import { UnauthorizedError } from '../api/errors';
import type { AnnouncerStore } from '../stores/AnnouncerStore';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { DEFAULT_PAGE_SIZE } from './dashboardConstants';
import { BULK_REASSIGN_LIMIT, TASK_PAGE_SIZES } from '../../schemas/api/tasksConstants';
import { reportFailure } from '../stores/reportFailure';
import { fetchReassignCapabilities, type ReassignCapability } from '../api/reassignCapabilityApi';

/** Which banner a list shows above its table (spec 000 section 4, "Task lists"). */
export const ListBanner = {
  /** The list could not be loaded. */
  technical: 'technical',
  /** A reassign from this list failed. */
  reassign: 'reassign',
} as const;
/** One of `ListBanner`. */
export type ListBanner = (typeof ListBanner)[keyof typeof ListBanner];

/** The filters of the filter popover and the search box, as applied to the list. */
export interface AppliedFilters {
  /** Due on this day, `YYYY-MM-DD`; null for any day. */
  dueDate: string | null;
  /** Part of the task name; '' for any. */
  taskName: string;
  /** The assignee's id (team list only); null for anyone. */
  assignee: string | null;
}

/** No filter at all. */
export const NO_FILTERS: AppliedFilters = { dueDate: null, taskName: '', assignee: null };

/** The counters of a list answer (spec 000 section 3, "Task list counters"). */
export interface TaskListCounters {
  /** The list without any filter: tells 'no tasks' from 'no filtered tasks'. */
  totalHeadCount: number;
  /** Rows matching everything sent, across pages (the pager's total). */
  totalCount: number;
  /** The count each quick filter would show. */
  totalAll: number;
  totalNew: number;
  totalToday: number;
  totalThisWeek: number;
  totalOverdue: number;
}

const ZERO_COUNTERS: TaskListCounters = {
  totalHeadCount: 0,
  totalCount: 0,
  totalAll: 0,
  totalNew: 0,
  totalToday: 0,
  totalThisWeek: 0,
  totalOverdue: 0,
};

/** The default sort of every list: due date, soonest first (spec 000 section 4). */
export const DEFAULT_SORT: TaskSort = { field: SortField.dueDate, order: SortOrder.ASC };

/** What a list needs from the rest of the app. */
export interface TaskListStoreDeps {
  /** Where failures are reported. */
  toasts: ToastStore;
  /** Where the result count is spoken after a filter or search; none where nobody listens. */
  announcer?: AnnouncerStore;
  /** Told when the user picks another page size, so it follows them to other browsers. */
  onPageSizeChange?: (kind: TaskListKind, size: number) => void;
  /** Told when the user picks another quick filter. */
  onQuickFilterChange?: (kind: TaskListKind, filter: QuickFilterType) => void;
}

/** The user-timing mark set when a list answer has been parsed, before the store takes it. */
export const TASKS_DATA_MARK = 'tessera:tasks-data';

/**
 * Marks the arrival of a list answer, so "data arrival to paint" can be measured in any
 * browser (npm run bench:api -- --paint-only). A mark costs a microsecond; where the User
 * Timing API is missing (old test environments) nothing happens.
 */
function markListArrival(kind: TaskListKind, rows: number): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  // Only the latest is kept, so a long session does not grow the timeline.
  performance.clearMarks(TASKS_DATA_MARK);
  performance.mark(TASKS_DATA_MARK, { detail: { kind, rows } });
}

/** Whether a page size is one of the offered choices. */
export function isPageSize(value: unknown): value is number {
  return typeof value === 'number' && (TASK_PAGE_SIZES as readonly number[]).includes(value);
}

/**
 * One dashboard list (assigned, candidate or team): the page on screen with its counters, and
 * the paging, sorting, quick-filter, filter and selection rules of spec 000 section 4. Every
 * change that alters what the list holds reloads it from the server; answers that arrive
 * after a newer request are dropped.
 */
export class TaskListStore {
  /** Which list this is. */
  readonly kind: TaskListKind;
  /** The rows of the page on screen. */
  rows: TaskRow[] = [];
  /** The counters of the last answer. */
  counters: TaskListCounters = ZERO_COUNTERS;
  /** Where the last load stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The banner above the table, or null. */
  banner: ListBanner | null = null;
  /** Zero-based page asked for (the page on screen until its answer arrives). */
  page = 0;
  /** The first row's offset of the page on screen, from its answer. */
  private shownOffset = 0;
  /** Rows per page. */
  size: number = DEFAULT_PAGE_SIZE;
  /** The sort. */
  sort: TaskSort = DEFAULT_SORT;
  /** The quick filter. */
  quickFilter: QuickFilterType = QuickFilterType.all;
  /** The filters of the popover and the search box. */
  filters: AppliedFilters = NO_FILTERS;
  /** Ids of the selected rows (team list), in the order chosen. */
  selectedIds: string[] = [];
  /** Whether an answer has arrived since sign-in, so the counts mean something. */
  hasLoaded = false;
  /** Comment status of the team rows, by task id. */
  commentStatus = new Map<string, CommentStatus>();
  /**
   * Reassign capability of the team rows, by task id (spec 000 section 6). A row not in it
   * (not yet answered, or the call failed) keeps its reassign button: the dialog asks the
   * server again, and a bulk selection of unknown rows is refused before sending.
   */
  reassignCapability = new Map<string, ReassignCapability>();

  private readonly deps: TaskListStoreDeps;
  private requestSeq = 0;
  /** A quiet refresh was asked for while a load ran: it follows that load. */
  private refreshAfterLoad = false;

  constructor(kind: TaskListKind, deps: TaskListStoreDeps) {
    this.kind = kind;
    this.deps = deps;
    makeAutoObservable<TaskListStore, 'deps' | 'requestSeq' | 'shownOffset' | 'refreshAfterLoad'>(
      this,
      {
        kind: false,
        deps: false,
        requestSeq: false,
        refreshAfterLoad: false,
        shownOffset: observable,
        // Answers are replaced whole, never edited in place: turning 200 rows into observable
        // objects would cost the frame that shows them, and no cell observes a single field.
        rows: observableRef,
        commentStatus: observableRef,
        reassignCapability: observableRef,
        // Equal counters after a reload change nothing, so the tabs and quick filters stay put.
        counters: observableStruct,
      },
    );
  }

  /** The quick filters this list offers: NEW is not offered to claim (spec 000 section 2). */
  get quickFilters(): QuickFilterType[] {
    const all = Object.values(QuickFilterType);
    return this.kind === TaskListKind.candidate
      ? all.filter((f) => f !== QuickFilterType.new)
      : all;
  }

  /** The count beside a quick filter. */
  countOf(filter: QuickFilterType): number {
    const c = this.counters;
    switch (filter) {
      case QuickFilterType.all:
        return c.totalAll;
      case QuickFilterType.new:
        return c.totalNew;
      case QuickFilterType.today:
        return c.totalToday;
      case QuickFilterType.week:
        return c.totalThisWeek;
      case QuickFilterType.overdue:
        return c.totalOverdue;
    }
  }

  /** Whether the popover or the search box narrows the list (for the empty-state message). */
  get hasFilters(): boolean {
    const f = this.filters;
    return f.dueDate !== null || f.taskName.trim() !== '' || f.assignee !== null;
  }

  /** Whether anything narrows the list, the quick filter included. */
  get isFiltered(): boolean {
    return this.hasFilters || this.quickFilter !== QuickFilterType.all;
  }

  /** How many popover filters are set, for the Filters button. */
  get popoverFilterCount(): number {
    return (this.filters.dueDate ? 1 : 0) + (this.filters.assignee ? 1 : 0);
  }

  /** Whether the list is loading (first load or reload). */
  get isLoading(): boolean {
    return this.status === RemoteLoadingStatus.loading;
  }

  /**
   * Whether the list is waiting for its first answer since sign-in: its rows and counts are
   * not known yet, so they are not shown as zeros (a failed load shows its banner instead).
   */
  get awaitingFirstAnswer(): boolean {
    return !this.hasLoaded && this.status !== RemoteLoadingStatus.loadingFailed;
  }

  /**
   * The rows on screen as the pager names them ("11–13 of 13"): taken from the answer shown,
   * so the range and the rows change together, never the range ahead of its rows.
   */
  get range(): { from: number; to: number; total: number } {
    const total = this.counters.totalCount;
    const count = this.rows.length;
    if (count === 0) return { from: 0, to: 0, total };
    return { from: this.shownOffset + 1, to: this.shownOffset + count, total };
  }

  /** The number of pages of the current filters. */
  get pageCount(): number {
    return Math.max(1, Math.ceil(this.counters.totalCount / this.size));
  }

  /** The body of the query for the current state (spec 000 section 3, "Task query params"). */
  get query(): TaskQueryBody {
    const filterParams: TaskFilterParams = {};
    if (this.filters.dueDate) filterParams.dueDate = this.filters.dueDate;
    if (this.filters.taskName.trim()) filterParams.taskName = this.filters.taskName.trim();
    if (this.kind === TaskListKind.team && this.filters.assignee) {
      filterParams.assignee = this.filters.assignee;
    }
    if (this.quickFilter === QuickFilterType.new) filterParams.status = 'NEW';
    else if (this.quickFilter !== QuickFilterType.all) filterParams.dateType = this.quickFilter;
    const query: TaskQueryBody = {
      page: this.page,
      size: this.size as TaskQueryBody['size'],
      sortType: toSortType(this.sort),
      sortParams: toSortParams(this.sort),
      assignment: TaskAssignmentOf[this.kind],
      filterNew: this.quickFilter === QuickFilterType.new,
      filterParams,
      quickFilterType: this.quickFilter,
      countAvailability: true,
    };
    // The team query carries no state (spec 000 section 3).
    if (this.kind !== TaskListKind.team) query.state = 'OPEN';
    return query;
  }

  /**
   * Loads the page for the current state; a newer load overrides an older one. After a
   * filter or search (`announce` true), the new total is spoken, and after a page change
   * (`'range'`) the rows shown, so a screen-reader user hears the result without leaving
   * the control.
   */
  load(announce: boolean | 'range' = false): Promise<void> {
    return this.fetchPage(announce, false);
  }

  /**
   * Reloads the page on screen in place, for a change made elsewhere (the live inbox): no
   * loading state, no banner on failure, the page, sort, filters and what is still selected
   * kept. A list never shown is left alone; a load under way is followed by one refresh, so
   * the user's own answer (and what it announces) is not dropped for this one.
   */
  refreshQuietly(): Promise<void> {
    if (!this.hasLoaded) return Promise.resolve();
    if (this.isLoading) {
      this.refreshAfterLoad = true;
      return Promise.resolve();
    }
    return this.fetchPage(false, true);
  }

  private async fetchPage(announce: boolean | 'range', quiet: boolean): Promise<void> {
    const seq = ++this.requestSeq;
    if (!quiet) this.status = RemoteLoadingStatus.loading;
    try {
      const answer = await fetchTaskList(this.kind, this.query);
      if (seq !== this.requestSeq) return;
      markListArrival(this.kind, answer.content.length);
      runInAction(() => {
        this.rows = answer.content;
        this.shownOffset = answer.page * answer.size;
        this.counters = {
          totalHeadCount: answer.totalHeadCount,
          totalCount: answer.totalCount,
          totalAll: answer.totalAll,
          totalNew: answer.totalNew,
          totalToday: answer.totalToday,
          totalThisWeek: answer.totalThisWeek,
          totalOverdue: answer.totalOverdue,
        };
        this.status = RemoteLoadingStatus.fullyLoaded;
        this.hasLoaded = true;
        if (quiet) this.keepSelectionOnPage();
        if (announce === true) {
          this.deps.announcer?.announce('dashboard.resultCount', { count: answer.totalCount });
        } else if (announce === 'range' && answer.content.length > 0) {
          this.deps.announcer?.announce('dashboard.paging.range', this.range);
        }
        if (this.banner === ListBanner.technical) this.banner = null;
      });
      // A page past the end (after a reassign emptied the last page) steps back.
      if (answer.content.length === 0 && this.page > 0 && answer.totalCount > 0) {
        runInAction(() => {
          this.page = Math.max(0, Math.ceil(answer.totalCount / this.size) - 1);
        });
        await this.fetchPage(false, quiet);
        return;
      }
      if (this.kind === TaskListKind.team) {
        await Promise.all([this.loadCommentStatus(seq), this.loadReassignCapability(seq)]);
      }
    } catch (error) {
      if (seq !== this.requestSeq) return;
      // A quiet refresh that failed leaves the page as it was: the next change or the
      // user's own reload brings it up to date.
      if (quiet) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
        // A lost session goes to sign-in; a banner would only flash on the way.
        if (!(error instanceof UnauthorizedError)) this.banner = ListBanner.technical;
      });
      // An answer without its content field is named as such (spec 000 section 8); other
      // failures have the banner with its retry.
      if (error instanceof UnexpectedResponseError) {
        this.deps.toasts.showError('dashboard.noExpectedProperty');
      }
    } finally {
      if (seq === this.requestSeq && this.refreshAfterLoad) {
        this.refreshAfterLoad = false;
        void this.fetchPage(false, true);
      }
    }
  }

  // After a quiet refresh only the selected tasks still on the page stay selected: one that
  // left (reassigned, completed) can no longer be acted on from here.
  private keepSelectionOnPage(): void {
    if (this.selectedIds.length === 0) return;
    const onPage = new Set(this.rows.map((row) => row.taskId));
    const kept = this.selectedIds.filter((id) => onPage.has(id));
    if (kept.length !== this.selectedIds.length) this.selectedIds = kept;
  }

  /** Team list: whether each row has comments (spec 000 section 4). */
  private async loadCommentStatus(seq: number): Promise<void> {
    const ids = this.rows.map((row) => row.taskId);
    if (ids.length === 0) {
      this.commentStatus = new Map();
      return;
    }
    try {
      const statuses = await fetchCommentAvailability(ids);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.commentStatus = new Map(statuses.map((status) => [status.taskId, status]));
      });
    } catch (error) {
      reportFailure(this.deps.toasts, error);
    }
  }

  /** Team list: whether each row may be reassigned by the user (spec 000 section 6). */
  private async loadReassignCapability(seq: number): Promise<void> {
    const ids = this.rows.map((row) => row.taskId);
    try {
      const capabilities = await fetchReassignCapabilities(ids);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.reassignCapability = new Map(capabilities.map((entry) => [entry.taskId, entry]));
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.reassignCapability = new Map();
      });
      reportFailure(this.deps.toasts, error);
    }
  }

  /** Whether a team row's reassign is offered: not when the server said it may not be. */
  canReassign(taskId: string): boolean {
    return this.reassignCapability.get(taskId)?.canBeReassigned !== false;
  }

  /** Goes to a page, whose range is spoken; the selection is cleared. */
  setPage(page: number): Promise<void> {
    this.page = Math.min(Math.max(0, page), this.pageCount - 1);
    this.clearSelection();
    return this.load('range');
  }

  /** Changes the rows per page, from the first page. */
  setSize(size: number): Promise<void> {
    if (!isPageSize(size)) return Promise.resolve();
    this.size = size;
    this.page = 0;
    this.clearSelection();
    this.deps.onPageSizeChange?.(this.kind, size);
    return this.load();
  }

  /** Restores a kept page size without loading (settings arrive before the first load). */
  restoreSize(size: unknown): void {
    if (isPageSize(size)) this.size = size;
  }

  /**
   * Sorts by a column: a new column starts descending, the same column toggles; from the
   * first page, with the selection cleared.
   */
  sortBy(field: SortField): Promise<void> {
    const order =
      this.sort.field === field
        ? this.sort.order === SortOrder.ASC
          ? SortOrder.DESC
          : SortOrder.ASC
        : SortOrder.DESC;
    this.sort = { field, order };
    this.page = 0;
    this.clearSelection();
    return this.load();
  }

  /** Chooses a quick filter and reloads the first page. */
  setQuickFilter(filter: QuickFilterType): Promise<void> {
    if (!this.quickFilters.includes(filter)) filter = QuickFilterType.all;
    this.quickFilter = filter;
    this.page = 0;
    this.clearSelection();
    this.deps.onQuickFilterChange?.(this.kind, filter);
    return this.load(true);
  }

  /** Sets the quick filter without loading or saving (a tab switch, a kept setting). */
  resetQuickFilter(filter: QuickFilterType = QuickFilterType.all): void {
    this.quickFilter = this.quickFilters.includes(filter) ? filter : QuickFilterType.all;
  }

  /** Applies the popover's filters (or the search box) from the first page. */
  applyFilters(filters: AppliedFilters): Promise<void> {
    this.filters = {
      dueDate: filters.dueDate,
      taskName: filters.taskName,
      assignee: this.kind === TaskListKind.team ? filters.assignee : null,
    };
    this.page = 0;
    this.clearSelection();
    return this.load(true);
  }

  /** Searches by task name, keeping the other filters. */
  search(taskName: string): Promise<void> {
    if (taskName === this.filters.taskName) return Promise.resolve();
    return this.applyFilters({ ...this.filters, taskName });
  }

  /** Clears the popover filters, the search and the quick filter. */
  clearAllFilters(): Promise<void> {
    this.quickFilter = QuickFilterType.all;
    return this.applyFilters(NO_FILTERS);
  }

  /** Whether a row is selected. */
  isSelected(taskId: string): boolean {
    return this.selectedIds.includes(taskId);
  }

  /** Whether the selection has reached the bulk limit (the warning shows). */
  get atSelectionLimit(): boolean {
    return this.selectedIds.length >= BULK_REASSIGN_LIMIT;
  }

  /** The selected rows that are on the page. */
  get selectedRows(): TaskRow[] {
    return this.rows.filter((row) => this.selectedIds.includes(row.taskId));
  }

  /** Whether every row of the page that could be selected is. */
  get allOnPageSelected(): boolean {
    const selectable = this.rows
      .filter((row) => this.canReassign(row.taskId))
      .slice(0, BULK_REASSIGN_LIMIT);
    return selectable.length > 0 && selectable.every((row) => this.isSelected(row.taskId));
  }

  /** Selects or unselects a row (a row beyond the limit is refused), and says the count. */
  toggleSelected(taskId: string): void {
    if (this.isSelected(taskId)) {
      this.selectedIds = this.selectedIds.filter((id) => id !== taskId);
    } else if (!this.atSelectionLimit) {
      this.selectedIds = [...this.selectedIds, taskId];
    }
    this.announceSelection();
  }

  /**
   * Selects the page's rows, at most the limit; when all of those are selected, clears.
   * Either way the count is said.
   */
  toggleAllOnPage(): void {
    if (this.allOnPageSelected) {
      this.clearSelection();
    } else {
      // Rows the user may not reassign are left out (spec 000 section 6).
      this.selectedIds = this.rows
        .filter((row) => this.canReassign(row.taskId))
        .slice(0, BULK_REASSIGN_LIMIT)
        .map((row) => row.taskId);
    }
    this.announceSelection();
  }

  // The selection bar's count, spoken after the user's own change to the selection: the
  // checkbox keeps the focus, so nothing else tells a screen-reader user the total.
  private announceSelection(): void {
    this.deps.announcer?.announce('dashboard.selection.selected', {
      count: this.selectedIds.length,
    });
  }

  /** Clears the selection. */
  clearSelection(): void {
    if (this.selectedIds.length > 0) this.selectedIds = [];
  }

  /** Selects rows again (the tasks a bulk reassign could not move), within the limit. */
  reselect(taskIds: readonly string[]): void {
    const onPage = new Set(this.rows.map((row) => row.taskId));
    this.selectedIds = taskIds.filter((id) => onPage.has(id)).slice(0, BULK_REASSIGN_LIMIT);
  }

  /** Shows a banner above the table. */
  showBanner(banner: ListBanner): void {
    this.banner = banner;
  }

  /** Dismisses the banner. */
  dismissBanner(): void {
    this.banner = null;
  }

  /** Marks a row's 'new' marker as gone without a reload (the task was opened). */
  markSeen(taskId: string): void {
    if (!this.rows.some((row) => row.taskId === taskId && row.isNew)) return;
    this.rows = this.rows.map((row) => (row.taskId === taskId ? { ...row, isNew: false } : row));
  }

  /** Marks a row's comments as read, after its comments were shown. */
  markCommentsRead(taskId: string): void {
    const status = this.commentStatus.get(taskId);
    // A new map, so the table (which compares its dependencies by identity) redraws.
    if (status)
      this.commentStatus = new Map(this.commentStatus).set(taskId, { ...status, read: true });
  }

  /** Forgets everything (sign-out). */
  reset(): void {
    this.requestSeq += 1;
    this.refreshAfterLoad = false;
    this.rows = [];
    this.counters = ZERO_COUNTERS;
    this.status = RemoteLoadingStatus.unknown;
    this.hasLoaded = false;
    this.banner = null;
    this.page = 0;
    this.sort = DEFAULT_SORT;
    this.quickFilter = QuickFilterType.all;
    this.filters = NO_FILTERS;
    this.selectedIds = [];
    this.commentStatus = new Map();
    this.reassignCapability = new Map();
  }
}
