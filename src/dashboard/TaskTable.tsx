import { Classes } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskListKind } from '../api/tasksApi';
import { createProcessTextLocalizer } from '../i18n/localizeProcessText';
import { cachingTranslate } from './cachingTranslate';
import type { DashboardStore } from './DashboardStore';
import { RowSlots } from './rowSlots';
import { visibleColumns, type TaskColumn } from './taskColumns';
import type { TaskListStore } from './TaskListStore';
import { TaskRowView } from './TaskRowView';
import { TaskTableHeader } from './TaskTableHeader';
import { useColumnWidths } from './useColumnWidths';
import { useElementWidth } from './useElementWidth';
import type { Viewport } from './useViewport';

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

/** Height of one row: roomy enough for a button, dense enough to scan many. */
export const ROW_HEIGHT_PX = 44;
/** Height of the header row. */
export const HEADER_HEIGHT_PX = 36;
/** Rows drawn beyond each edge of the scrolled view, so a scroll shows drawn rows at once. */
const OVERSCAN_ROWS = 6;

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
  const width = useElementWidth(wrapperRef);
  const kind = list.kind;
  // The same columns keep the same array while the width changes, so the rows stay memoised.
  const columnsKey = visibleColumns(kind, viewport, width).join(' ');
  const columns = useMemo(() => columnsKey.split(' ') as TaskColumn[], [columnsKey]);
  const { widths, totalWidth, startResize } = useColumnWidths(columns, kind, viewport, width);
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
        <TaskTableHeader
          list={list}
          columns={columns}
          viewport={viewport}
          t={t}
          onResizeStart={startResize}
        />
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
                    language={i18n.language}
                    selected={selected}
                    selectionBlocked={team && !selected && atLimit}
                    comment={team ? commentStatus.get(row.taskId) : undefined}
                    reassignable={team && list.canReassign(row.taskId)}
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
