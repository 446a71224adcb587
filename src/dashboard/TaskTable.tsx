import {
  Checkbox,
  Classes,
  HotkeysProvider,
  Spinner,
  SpinnerSize,
  Tooltip,
} from '@blueprintjs/core';
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
import {
  Cell,
  Column,
  ColumnHeaderCell,
  RenderMode,
  SelectionModes,
  Table,
  TableLoadingOption,
} from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { observer } from 'mobx-react-lite';
import { forwardRef, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortOrder, TaskListKind, type TaskRow } from '../api/tasksApi';
import { formatRelativeAge, type Translate } from '../dates/relativeAge';
import { BULK_REASSIGN_LIMIT } from './dashboardConstants';
import type { DashboardStore } from './DashboardStore';
import { DueDateContent } from './DueDateCell';
import { formatAssigneeName, formatCandidates, formatTaskName } from './formatCells';
import {
  columnWidths,
  MIN_RESIZE_CHANGE_PX,
  SORT_FIELD_OF,
  TaskColumn,
  visibleColumns,
} from './taskColumns';
import type { TaskListStore } from './TaskListStore';
import { Viewport } from './useViewport';

/** Height of one row: roomy enough for a button, dense enough to scan many. */
export const ROW_HEIGHT_PX = 44;
/** Height of the header row. */
export const HEADER_HEIGHT_PX = 36;

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
 * use Blueprint's classes on a plain button instead. Tooltips still find it by ref.
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
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
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

/**
 * One dashboard list as a Blueprint Table: the spec's columns for the list and the layout,
 * sortable headers (a new column sorts descending first), the due-date, age, candidate and
 * assignee cells, the select column of the team list and each list's row actions. Paging
 * happens on the server; the table shows one page.
 */
export const TaskTable = observer(function TaskTable({
  dashboard,
  list,
  viewport,
  maxHeight,
}: TaskTableProps) {
  const { t: translate } = useTranslation();
  // One cache per language (i18next gives a new `t` when the language changes).
  const t = useMemo(() => cachingTranslate(translate), [translate]);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const width = useWidth(wrapperRef);
  const columns = visibleColumns(list.kind, viewport);
  const computed = columnWidths(columns, list.kind, viewport, width || 960);
  const [userWidths, setUserWidths] = useState<Record<string, number>>({});
  const widths = columns.map((column, index) => userWidths[column] ?? computed[index] ?? 120);
  const rows = list.rows;

  // A resize of the window recomputes the fitted widths; the user's own drags are kept.
  const columnsKey = `${list.kind}:${viewport}`;
  const [lastKey, setLastKey] = useState(columnsKey);
  if (lastKey !== columnsKey) {
    setLastKey(columnsKey);
    setUserWidths({});
  }

  const naturalHeight = HEADER_HEIGHT_PX + Math.max(rows.length, 3) * ROW_HEIGHT_PX + 2;
  const height = Math.min(maxHeight, naturalHeight);
  const now = new Date();

  const header = (column: TaskColumn) => {
    const label =
      column === TaskColumn.select ||
      (column === TaskColumn.actions && viewport === Viewport.mobile)
        ? ''
        : t(`dashboard.column.${column}`);
    if (column === TaskColumn.select) {
      return (
        <ColumnHeaderCell
          nameRenderer={() => (
            <Checkbox
              className="tessera-table__check"
              checked={list.allOnPageSelected}
              indeterminate={list.selectedIds.length > 0 && !list.allOnPageSelected}
              disabled={rows.length === 0}
              aria-label={t('dashboard.selection.selectAll', { max: BULK_REASSIGN_LIMIT })}
              title={t('dashboard.selection.selectAll', { max: BULK_REASSIGN_LIMIT })}
              onChange={() => list.toggleAllOnPage()}
            />
          )}
        />
      );
    }
    const field = SORT_FIELD_OF[column];
    if (!field) return <ColumnHeaderCell name={label} />;
    const active = list.sort.field === field;
    const ascending = list.sort.order === SortOrder.ASC;
    const SortIcon = !active ? DoubleCaretVerticalIcon : ascending ? CaretUpIcon : CaretDownIcon;
    return (
      <ColumnHeaderCell
        name={label}
        nameRenderer={() => (
          <button
            type="button"
            className={`tessera-table__sort${active ? ' is-active' : ''}`}
            aria-label={t('dashboard.sortBy', { column: label })}
            aria-sort={active ? (ascending ? 'ascending' : 'descending') : 'none'}
            data-column={column}
            onClick={() => void list.sortBy(field)}
          >
            <span>{label}</span>
            <SortIcon size={12} aria-hidden />
            {active && (
              <span className="tessera-visually-hidden">
                {t(ascending ? 'dashboard.sortedAscending' : 'dashboard.sortedDescending')}
              </span>
            )}
          </button>
        )}
      />
    );
  };

  const actions = (row: TaskRow) => {
    if (list.kind === TaskListKind.assigned) {
      return (
        <RowButton
          variant="outlined"
          primary
          endIcon={viewport === Viewport.mobile ? undefined : <ArrowRightIcon />}
          icon={viewport === Viewport.mobile ? <ArrowRightIcon /> : undefined}
          text={viewport === Viewport.mobile ? undefined : t('dashboard.action.open')}
          aria-label={t('dashboard.action.open')}
          data-action="open"
          data-task-id={row.taskId}
          onClick={() => void dashboard.openTask(row)}
        />
      );
    }
    if (list.kind === TaskListKind.candidate) {
      return (
        <RowButton
          variant="outlined"
          primary
          icon={<TakeActionIcon />}
          text={viewport === Viewport.mobile ? undefined : t('dashboard.action.claim')}
          aria-label={t('dashboard.action.claim')}
          data-action="claim"
          data-task-id={row.taskId}
          loading={dashboard.claimingTaskId === row.taskId}
          disabled={dashboard.claimingTaskId !== null && dashboard.claimingTaskId !== row.taskId}
          onClick={() => void dashboard.claim(row)}
        />
      );
    }
    const status = list.commentStatus.get(row.taskId);
    const unread = status?.commentAvailable === true && !status.read;
    const commentLabel = !status?.commentAvailable
      ? t('dashboard.action.noComments')
      : unread
        ? t('dashboard.action.unreadComments')
        : t('dashboard.action.comments');
    return (
      <span className="tessera-table__actions">
        <Tooltip content={t('dashboard.action.reassign')} placement="top" compact>
          <RowButton
            variant="minimal"
            icon={<PeopleIcon />}
            aria-label={t('dashboard.action.reassign')}
            data-action="reassign"
            data-task-id={row.taskId}
            onClick={() => dashboard.startReassign(row)}
          />
        </Tooltip>
        <Tooltip content={t('dashboard.action.details')} placement="top" compact>
          <RowButton
            variant="minimal"
            icon={<EyeOpenIcon />}
            aria-label={t('dashboard.action.details')}
            data-action="details"
            data-task-id={row.taskId}
            onClick={() => dashboard.showDetails(row.taskId)}
          />
        </Tooltip>
        <Tooltip content={commentLabel} placement="top" compact>
          <RowButton
            variant="minimal"
            className={`tessera-comment-button${unread ? ' is-unread' : ''}${
              status?.commentAvailable ? ' has-comments' : ''
            }`}
            icon={<CommentIcon />}
            aria-label={commentLabel}
            data-action="comments"
            data-task-id={row.taskId}
            onClick={() => void dashboard.comments.open(row)}
          />
        </Tooltip>
      </span>
    );
  };

  const cell = (column: TaskColumn, rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row) return <Cell />;
    switch (column) {
      case TaskColumn.select:
        return (
          <Cell interactive className="tessera-table__cell tessera-table__cell--select">
            <Checkbox
              className="tessera-table__check"
              checked={list.isSelected(row.taskId)}
              disabled={!list.isSelected(row.taskId) && list.atSelectionLimit}
              aria-label={t('dashboard.selection.selectRow', {
                name: formatTaskName(row.taskName),
              })}
              data-task-id={row.taskId}
              onChange={() => list.toggleSelected(row.taskId)}
            />
          </Cell>
        );
      case TaskColumn.dueDate:
        return (
          <Cell className="tessera-table__cell">
            <DueDateContent dueDate={row.dueDate} isNew={row.isNew} t={t} />
          </Cell>
        );
      case TaskColumn.createdOn:
        return (
          <Cell className="tessera-table__cell tessera-table__cell--muted">
            <span title={row.createTime ?? undefined}>
              {formatRelativeAge(row.createTime, t, now)}
            </span>
          </Cell>
        );
      case TaskColumn.taskName: {
        const name = formatTaskName(row.taskName);
        const wrap = viewport === Viewport.mobile;
        return (
          <Cell
            className={`tessera-table__cell tessera-table__cell--strong${
              wrap ? ' tessera-table__cell--wrap' : ''
            }`}
            wrapText={wrap}
          >
            <span title={name} data-task-id={row.taskId}>
              {name}
            </span>
          </Cell>
        );
      }
      case TaskColumn.processName:
        return (
          <Cell className="tessera-table__cell tessera-table__cell--muted">
            <span title={row.processName}>{row.processName || '-'}</span>
          </Cell>
        );
      case TaskColumn.assigneeName:
        return (
          <Cell className="tessera-table__cell">
            <span>{formatAssigneeName(row.assigneeName)}</span>
          </Cell>
        );
      case TaskColumn.candidates: {
        const text = formatCandidates(row.candidates);
        return (
          <Cell className="tessera-table__cell tessera-table__cell--muted">
            <span title={text}>{text || '--'}</span>
          </Cell>
        );
      }
      case TaskColumn.actions:
        return (
          <Cell interactive className="tessera-table__cell tessera-table__cell--actions">
            {actions(row)}
          </Cell>
        );
    }
  };

  return (
    <div
      ref={wrapperRef}
      className="tessera-table"
      style={{ height }}
      data-list={list.kind}
      aria-busy={list.isLoading}
    >
      {width > 0 && (
        <HotkeysProvider>
          <Table
            key={columnsKey}
            numRows={rows.length}
            columnWidths={widths}
            defaultRowHeight={ROW_HEIGHT_PX}
            enableRowHeader={false}
            enableRowResizing={false}
            enableColumnResizing
            enableFocusedCell={false}
            selectionModes={SelectionModes.NONE}
            renderMode={RenderMode.NONE}
            loadingOptions={
              list.isLoading && rows.length === 0
                ? [TableLoadingOption.CELLS, TableLoadingOption.COLUMN_HEADERS]
                : []
            }
            cellRendererDependencies={[
              rows,
              list.selectedIds,
              list.commentStatus,
              dashboard.claimingTaskId,
              list.sort,
              t,
            ]}
            onColumnWidthChanged={(index, size) => {
              const column = columns[index];
              const previous = widths[index] ?? size;
              if (!column || Math.abs(size - previous) < MIN_RESIZE_CHANGE_PX) return;
              setUserWidths((current) => ({ ...current, [column]: size }));
            }}
          >
            {columns.map((column) => (
              <Column
                key={column}
                id={column}
                cellRenderer={(rowIndex) => cell(column, rowIndex)}
                columnHeaderCellRenderer={() => header(column)}
              />
            ))}
          </Table>
        </HotkeysProvider>
      )}
    </div>
  );
});
