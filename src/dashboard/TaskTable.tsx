import { Classes, Spinner, SpinnerSize } from '@blueprintjs/core';
import {
  ArrowRightIcon,
  CaretDownIcon,
  CaretUpIcon,
  CommentIcon,
  DoubleCaretVerticalIcon,
  EyeOpenIcon,
  PeopleIcon,
  TakeActionIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import {
  forwardRef,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SortOrder, TaskListKind, type CommentStatus, type TaskRow } from '../api/tasksApi';
import { formatRelativeAge, type Translate } from '../dates/relativeAge';
import { createProcessTextLocalizer, type ProcessTextLocalizer } from '../i18n/localizeProcessText';
import { BULK_REASSIGN_LIMIT } from '../../schemas/api/tasksConstants';
import type { DashboardStore } from './DashboardStore';
import { DueDateContent } from './DueDateCell';
import { formatAssigneeName, formatCandidates, formatTaskName } from '../tasks/formatCells';
import {
  columnWidths,
  MIN_RESIZE_CHANGE_PX,
  SORT_FIELD_OF,
  TaskColumn,
  visibleColumns,
} from './taskColumns';
import { RowSlots } from './rowSlots';
import type { TaskListStore } from './TaskListStore';
import { Viewport } from './useViewport';

/** Props of {@link TaskTable}. */
export interface TaskTableProps {
  /** The dashboard, for the row actions. */
  dashboard: DashboardStore;
  /** The list shown. */
  list: TaskListStore;
  /** The layout. */
  viewport: Viewport;
  /** The most height the table may take (spec 000 section 9). */
  maxHeight: number;
}

/** Props of {@link RowButton}. */
interface RowButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  /** Blueprint's look: outlined (the main action) or minimal (icon actions). */
  variant: 'outlined' | 'minimal';
  /** The icon before the text. */
  icon?: ReactNode;
  /** The icon after the text. */
  endIcon?: ReactNode;
  /** The visible text; none for an icon button. */
  text?: string;
  /** Shows a spinner and refuses clicks. */
  loading?: boolean;
  /** Colours it as the primary action. */
  primary?: boolean;
}

/**
 * A small Blueprint-styled button for a table row. Blueprint's Button measures its text after
 * every render (a forced layout per button); a 200-row page redraws 200 of them, so the rows
 * use Blueprint's classes on a plain button instead; its `title` is the hover hint.
 */
const RowButton = forwardRef<HTMLButtonElement, RowButtonProps>(function RowButton(
  { variant, icon, endIcon, text, loading = false, primary = false, className, disabled, ...rest },
  ref,
) {
  const classes = [
    Classes.BUTTON,
    Classes.SMALL,
    variant === 'outlined' ? Classes.OUTLINED : Classes.MINIMAL,
    primary ? Classes.INTENT_PRIMARY : '',
    loading ? Classes.LOADING : '',
    disabled || loading ? Classes.DISABLED : '',
    className ?? '',
  ];
  return (
    <button
      ref={ref}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      {...rest}
    >
      {loading && <Spinner className={Classes.BUTTON_SPINNER} size={SpinnerSize.SMALL} />}
      {icon}
      {text && <span className={Classes.BUTTON_TEXT}>{text}</span>}
      {endIcon}
    </button>
  );
});

/**
 * Remembers the answers of a translate function: a page repeats the same few labels ('Open',
 * '3d ago', the due-date flag meanings) on every row, and each i18next lookup costs more than
 * the cell around it.
 */
function cachingTranslate(t: Translate): Translate {
  const answers = new Map<string, string>();
  return (key, values) => {
    const id = values ? `${key}\u0000${JSON.stringify(values)}` : key;
    let answer = answers.get(id);
    if (answer === undefined) {
      answer = t(key, values);
      answers.set(id, answer);
    }
    return answer;
  };
}

/** Follows an element's width. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  // Measured before the first paint, so a phone never sees desktop widths for a frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
  }, [ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? element.clientWidth);
      setWidth((previous) => (Math.abs(previous - next) >= 1 ? next : previous));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Height of one row: roomy enough for a button, dense enough to scan many. */
export const ROW_HEIGHT_PX = 44;
/** Height of the header row. */
export const HEADER_HEIGHT_PX = 36;
/** Rows drawn beyond each edge of the scrolled view, so a scroll shows drawn rows at once. */
const OVERSCAN_ROWS = 6;

/** The narrowest a column may be dragged. */
const MIN_DRAG_COLUMN_PX = 40;

/** Props of {@link TableCheckbox}. */
interface TableCheckboxProps {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  /** The accessible name. */
  label: string;
  /** The hover hint. */
  title?: string;
  /** The row's task, on the input, for tests and tools. */
  taskId?: string;
  /** The test id, on the clickable label. */
  testId?: string;
  onChange: () => void;
}

/**
 * Blueprint's checkbox markup without its component: a page of rows draws 200 of them, and
 * the plain markup costs a fraction of the component's render.
 */
function TableCheckbox({
  checked,
  indeterminate,
  disabled = false,
  label,
  title,
  taskId,
  testId,
  onChange,
}: TableCheckboxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (indeterminate !== undefined && inputRef.current) {
      inputRef.current.indeterminate = indeterminate;
    }
  }, [indeterminate]);
  return (
    <label
      className={`${Classes.CONTROL} ${Classes.CHECKBOX} tessera-table__check${
        disabled ? ` ${Classes.DISABLED}` : ''
      }`}
      title={title}
      data-testid={testId}
    >
      <input
        ref={inputRef}
        className={Classes.CONTROL_INPUT}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        data-task-id={taskId}
        onChange={onChange}
      />
      <span className={Classes.CONTROL_INDICATOR} />
    </label>
  );
}

/** How a row's claim button stands while a claim runs. */
type ClaimState = 'idle' | 'claiming' | 'blocked';

/** Props of {@link TaskRowView}. */
interface TaskRowViewProps {
  row: TaskRow;
  /** The row's place for assistive technology: the header is 1, the page's first row 2. */
  rowIndex: number;
  kind: TaskListKind;
  viewport: Viewport;
  columns: readonly TaskColumn[];
  t: Translate;
  /** Process and task names in the user's language (one per language, so rows stay memoised). */
  names: ProcessTextLocalizer;
  /** The moment the ages are counted from (one per page, so rows stay memoised). */
  now: Date;
  selected: boolean;
  /** The selection limit is reached and this row is not in it. */
  selectionBlocked: boolean;
  comment: CommentStatus | undefined;
  claim: ClaimState;
  dashboard: DashboardStore;
  list: TaskListStore;
}

/** The action buttons of a row: open, claim, or reassign / details / comments (team). */
function RowActions({
  row,
  kind,
  viewport,
  t,
  names,
  comment,
  claim,
  dashboard,
}: Pick<
  TaskRowViewProps,
  'row' | 'kind' | 'viewport' | 't' | 'names' | 'comment' | 'claim' | 'dashboard'
>) {
  const mobile = viewport === Viewport.mobile;
  // Every row has the same buttons: each is named with its task, so a list of them (a screen
  // reader's, a voice command) tells one from another.
  const name = formatTaskName(names.taskName(row.processName, row.taskName));
  if (kind === TaskListKind.assigned) {
    const label = t('dashboard.action.open');
    return (
      <RowButton
        variant="outlined"
        primary
        endIcon={mobile ? undefined : <ArrowRightIcon />}
        icon={mobile ? <ArrowRightIcon /> : undefined}
        text={mobile ? undefined : label}
        aria-label={t('dashboard.action.named', { action: label, name })}
        title={mobile ? label : undefined}
        data-action="open"
        data-task-id={row.taskId}
        onClick={() => void dashboard.openTask(row)}
      />
    );
  }
  if (kind === TaskListKind.candidate) {
    const label = t('dashboard.action.claim');
    return (
      <RowButton
        variant="outlined"
        primary
        icon={<TakeActionIcon />}
        text={mobile ? undefined : label}
        aria-label={t('dashboard.action.named', { action: label, name })}
        title={mobile ? label : undefined}
        data-action="claim"
        data-task-id={row.taskId}
        loading={claim === 'claiming'}
        disabled={claim === 'blocked'}
        onClick={() => void dashboard.claim(row)}
      />
    );
  }
  const unread = comment?.commentAvailable === true && !comment.read;
  const commentLabel = !comment?.commentAvailable
    ? t('dashboard.action.noComments')
    : unread
      ? t('dashboard.action.unreadComments')
      : t('dashboard.action.comments');
  const reassign = t('dashboard.action.reassign');
  const details = t('dashboard.action.details');
  return (
    <span className="tessera-table__actions">
      <RowButton
        variant="minimal"
        icon={<PeopleIcon />}
        aria-label={t('dashboard.action.named', { action: reassign, name })}
        title={reassign}
        data-action="reassign"
        data-task-id={row.taskId}
        onClick={() => dashboard.startReassign(row)}
      />
      <RowButton
        variant="minimal"
        icon={<EyeOpenIcon />}
        aria-label={t('dashboard.action.named', { action: details, name })}
        title={details}
        data-action="details"
        data-task-id={row.taskId}
        onClick={() => dashboard.showDetails(row.taskId)}
      />
      <RowButton
        variant="minimal"
        className={`tessera-comment-button${unread ? ' is-unread' : ''}${
          comment?.commentAvailable ? ' has-comments' : ''
        }`}
        icon={<CommentIcon />}
        aria-label={t('dashboard.action.named', { action: commentLabel, name })}
        title={commentLabel}
        data-action="comments"
        data-task-id={row.taskId}
        onClick={() => void dashboard.comments.open(row)}
      />
    </span>
  );
}

/**
 * One task as a table row. Memoised on plain values: a selection, a claim or a comment status
 * redraws only the rows it changes, and a new page draws each row once.
 */
const TaskRowView = memo(function TaskRowView(props: TaskRowViewProps) {
  const {
    row,
    kind,
    rowIndex,
    viewport,
    columns,
    t,
    names,
    now,
    selected,
    selectionBlocked,
    list,
  } = props;
  const taskName = formatTaskName(names.taskName(row.processName, row.taskName));
  const cell = (column: TaskColumn) => {
    switch (column) {
      case TaskColumn.select:
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--select">
            <TableCheckbox
              checked={selected}
              disabled={selectionBlocked}
              label={t('dashboard.selection.selectRow', { name: taskName })}
              taskId={row.taskId}
              onChange={() => list.toggleSelected(row.taskId)}
            />
          </div>
        );
      case TaskColumn.dueDate:
        return (
          <div role="cell" key={column} className="tessera-table__cell">
            <DueDateContent dueDate={row.dueDate} isNew={row.isNew} t={t} />
          </div>
        );
      case TaskColumn.createdOn:
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--muted">
            <span title={row.createTime ?? undefined}>
              {formatRelativeAge(row.createTime, t, now)}
            </span>
          </div>
        );
      case TaskColumn.taskName: {
        const name = taskName;
        const wrap = viewport === Viewport.mobile;
        return (
          <div
            role="cell"
            key={column}
            className={`tessera-table__cell tessera-table__cell--strong${
              wrap ? ' tessera-table__cell--wrap' : ''
            }`}
          >
            <span className="tessera-table__text" title={name} data-task-id={row.taskId}>
              {name}
            </span>
          </div>
        );
      }
      case TaskColumn.processName:
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--muted">
            <span className="tessera-table__text" title={names.processName(row.processName)}>
              {names.processName(row.processName) || '-'}
            </span>
          </div>
        );
      case TaskColumn.assigneeName:
        return (
          <div role="cell" key={column} className="tessera-table__cell" data-testid="assignee-cell">
            <span className="tessera-table__text">{formatAssigneeName(row.assigneeName)}</span>
          </div>
        );
      case TaskColumn.candidates: {
        const text = formatCandidates(row.candidates);
        return (
          <div role="cell" key={column} className="tessera-table__cell tessera-table__cell--muted">
            <span className="tessera-table__text" title={text}>
              {text || '--'}
            </span>
          </div>
        );
      }
      case TaskColumn.actions:
        return (
          <div
            role="cell"
            key={column}
            className="tessera-table__cell tessera-table__cell--actions"
          >
            <RowActions {...props} />
          </div>
        );
    }
  };
  return (
    <div
      role="row"
      className={`tessera-table__row${selected ? ' is-selected' : ''}`}
      aria-rowindex={rowIndex}
      aria-selected={kind === TaskListKind.team ? selected : undefined}
      data-row-task-id={row.taskId}
    >
      {columns.map(cell)}
    </div>
  );
});

/**
 * One dashboard list as a plain table with Blueprint's HTML-table look: the spec's columns
 * for the list and the layout, sortable headers (a new column sorts descending first), the
 * due-date, age, candidate and assignee cells, the select column of the team list and each
 * list's row actions. The header sticks while the body scrolls; a narrow screen scrolls the
 * table sideways. Paging happens on the server; the table shows one page.
 */
export const TaskTable = observer(function TaskTable({
  dashboard,
  list,
  viewport,
  maxHeight,
}: TaskTableProps) {
  const { t: translate, i18n } = useTranslation();
  // One cache per language (i18next gives a new `t` when the language changes).
  const t = useMemo(() => cachingTranslate(translate), [translate]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new `t` means a new language
  const names = useMemo(() => createProcessTextLocalizer(i18n), [i18n, translate]);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const width = useWidth(wrapperRef);
  const kind = list.kind;
  const columns = useMemo(() => visibleColumns(kind, viewport), [kind, viewport]);
  const computed = columnWidths(columns, kind, viewport, width || 960);
  const [userWidths, setUserWidths] = useState<Record<string, number>>({});
  const widths = columns.map((column, index) => userWidths[column] ?? computed[index] ?? 120);
  const totalWidth = widths.reduce((sum, value) => sum + value, 0);
  const rows = list.rows;
  // The scroll offset, kept to the row it falls in so a scroll within a row redraws nothing.
  const [scrollTop, setScrollTop] = useState(0);
  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    const snapped = Math.floor(top / ROW_HEIGHT_PX) * ROW_HEIGHT_PX;
    setScrollTop((previous) => (previous === snapped ? previous : snapped));
  };
  // Ages count from when the page arrived, so a row's props stay equal between redraws.
  const now = useMemo(() => new Date(), [rows]); // eslint-disable-line react-hooks/exhaustive-deps
  // Row keys that let a new page reuse the rows already drawn (see RowSlots).
  const slotsRef = useRef<RowSlots>(null);
  slotsRef.current ??= new RowSlots();
  const slots = slotsRef.current;
  const rowKeys = useMemo(() => slots.assign(rows.map((row) => row.taskId)), [slots, rows]);
  // Another page or order starts at its top, not where the last one was scrolled to.
  const position = `${list.page}:${list.size}:${list.sort.field}:${list.sort.order}`;
  useLayoutEffect(() => {
    const element = wrapperRef.current;
    if (!element || element.scrollTop === 0) return;
    element.scrollTop = 0;
    setScrollTop(0);
  }, [position]);

  // A resize of the window recomputes the fitted widths; the user's own drags are kept.
  const columnsKey = `${kind}:${viewport}`;
  const [lastKey, setLastKey] = useState(columnsKey);
  if (lastKey !== columnsKey) {
    setLastKey(columnsKey);
    setUserWidths({});
  }

  const startResize = (index: number, event: React.PointerEvent<HTMLSpanElement>) => {
    const column = columns[index];
    const startWidth = widths[index];
    if (!column || startWidth === undefined || event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const startX = event.clientX;
    let moved = false;
    handle.setPointerCapture?.(event.pointerId);
    const move = (next: PointerEvent) => {
      const delta = next.clientX - startX;
      // A drag of less than the threshold is a slip, not a resize.
      if (!moved && Math.abs(delta) < MIN_RESIZE_CHANGE_PX) return;
      moved = true;
      const size = Math.max(MIN_DRAG_COLUMN_PX, Math.round(startWidth + delta));
      setUserWidths((current) =>
        current[column] === size ? current : { ...current, [column]: size },
      );
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  const header = (column: TaskColumn, index: number) => {
    const resizer = (
      <span
        className="tessera-table__resize"
        aria-hidden
        onPointerDown={(event) => startResize(index, event)}
      />
    );
    if (column === TaskColumn.select) {
      const selectAll = t('dashboard.selection.selectAll', { max: BULK_REASSIGN_LIMIT });
      return (
        <div
          role="columnheader"
          key={column}
          className="tessera-table__head tessera-table__cell--select"
        >
          <TableCheckbox
            checked={list.allOnPageSelected}
            indeterminate={list.selectedIds.length > 0 && !list.allOnPageSelected}
            disabled={rows.length === 0}
            label={selectAll}
            title={selectAll}
            testId="select-all"
            onChange={() => list.toggleAllOnPage()}
          />
        </div>
      );
    }
    const label =
      column === TaskColumn.actions && viewport === Viewport.mobile
        ? ''
        : t(`dashboard.column.${column}`);
    const field = SORT_FIELD_OF[column];
    if (!field) {
      return (
        <div role="columnheader" key={column} className="tessera-table__head">
          <span className="tessera-table__label" title={label || undefined}>
            {label}
          </span>
          {resizer}
        </div>
      );
    }
    const active = list.sort.field === field;
    const ascending = list.sort.order === SortOrder.ASC;
    const sort = active ? (ascending ? 'ascending' : 'descending') : 'none';
    const SortIcon = !active ? DoubleCaretVerticalIcon : ascending ? CaretUpIcon : CaretDownIcon;
    return (
      <div role="columnheader" key={column} className="tessera-table__head" aria-sort={sort}>
        {/* The button is named by the column alone; the header's aria-sort tells the order,
            and the hover hint what a click does. */}
        <button
          type="button"
          className={`tessera-table__sort${active ? ' is-active' : ''}`}
          title={t('dashboard.sortBy', { column: label })}
          data-column={column}
          onClick={() => void list.sortBy(field)}
        >
          <span className="tessera-table__text">{label}</span>
          <SortIcon size={12} aria-hidden />
        </button>
        {resizer}
      </div>
    );
  };

  const selectedIds = list.selectedIds;
  const atLimit = list.atSelectionLimit;
  const team = kind === TaskListKind.team;
  const claimingId = dashboard.claimingTaskId;
  const commentStatus = list.commentStatus;
  const skeleton = rows.length === 0 && (list.isLoading || list.awaitingFirstAnswer);

  // Only the rows in (or near) the scrolled view are drawn: every row is ROW_HEIGHT_PX high,
  // so the body takes the height of all of them and a padding stands in for those above.
  const bodyHeight = Math.max(0, maxHeight - HEADER_HEIGHT_PX);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT_PX) - OVERSCAN_ROWS);
  const last = Math.min(
    rows.length,
    Math.ceil((scrollTop + bodyHeight) / ROW_HEIGHT_PX) + OVERSCAN_ROWS,
  );
  const shown = rows.slice(first, Math.max(first, last));
  const tableStyle = {
    width: totalWidth,
    '--tessera-table-columns': widths.map((value) => `${value}px`).join(' '),
  } as React.CSSProperties;

  return (
    <div
      ref={wrapperRef}
      className={`tessera-table tessera-table--${viewport}`}
      style={{ maxHeight }}
      data-list={kind}
      aria-busy={list.isLoading}
      onScroll={onScroll}
    >
      <div
        role="table"
        className="tessera-table__table"
        style={tableStyle}
        aria-label={t(`dashboard.tab.${kind}`)}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length}
      >
        <div role="rowgroup" className="tessera-table__header">
          <div role="row" className="tessera-table__row tessera-table__row--head" aria-rowindex={1}>
            {columns.map(header)}
          </div>
        </div>
        <div
          role="rowgroup"
          className="tessera-table__body"
          style={
            skeleton
              ? undefined
              : { height: rows.length * ROW_HEIGHT_PX, paddingTop: first * ROW_HEIGHT_PX }
          }
        >
          {skeleton
            ? [0, 1, 2].map((index) => (
                <div role="row" key={index} className="tessera-table__row tessera-table__skeleton">
                  {columns.map((column) => (
                    <div role="cell" key={column} className="tessera-table__cell">
                      <span className={Classes.SKELETON}>&nbsp;</span>
                    </div>
                  ))}
                </div>
              ))
            : shown.map((row, index) => {
                const selected = team && selectedIds.includes(row.taskId);
                return (
                  <TaskRowView
                    key={rowKeys[first + index]}
                    row={row}
                    rowIndex={first + index + 2}
                    kind={kind}
                    viewport={viewport}
                    columns={columns}
                    t={t}
                    names={names}
                    now={now}
                    selected={selected}
                    selectionBlocked={team && !selected && atLimit}
                    comment={team ? commentStatus.get(row.taskId) : undefined}
                    claim={
                      claimingId === null
                        ? 'idle'
                        : claimingId === row.taskId
                          ? 'claiming'
                          : 'blocked'
                    }
                    dashboard={dashboard}
                    list={list}
                  />
                );
              })}
        </div>
      </div>
    </div>
  );
});
