import { CaretDownIcon, CaretUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { BULK_REASSIGN_LIMIT } from '../../schemas/api/tasksConstants';
import { SortOrder } from '../api/tasksApi';
import type { Translate } from '../core/format';
import { TableCheckbox } from './TableCheckbox';
import { SORT_FIELD_OF, TaskColumn } from './taskColumns';
import type { TaskListStore } from './TaskListStore';
import { Viewport } from './useViewport';

/** Props of {@link TaskTableHeader}. */
export interface TaskTableHeaderProps {
  /** The list whose order and selection the header shows and changes. */
  readonly list: TaskListStore;
  /** The shown columns, in order. */
  readonly columns: readonly TaskColumn[];
  /** The layout: a phone's actions column has no title. */
  readonly viewport: Viewport;
  /** Translates (the table's remembering translator). */
  readonly t: Translate;
  /** A press on a column's right edge, which starts a resize. */
  readonly onResizeStart: (index: number, event: ReactPointerEvent<HTMLElement>) => void;
}

/**
 * The table's sticky header row: a sort button per sortable column (its header carries
 * `aria-sort`), plain titles elsewhere, the team list's select-all box, and a drag handle
 * on each column's right edge.
 */
export const TaskTableHeader = observer(function TaskTableHeader({
  list,
  columns,
  viewport,
  t,
  onResizeStart,
}: TaskTableHeaderProps) {
  const header = (column: TaskColumn, index: number) => {
    const resizer = (
      <span
        className="tessera-table__resize"
        aria-hidden
        onPointerDown={(event) => onResizeStart(index, event)}
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
            disabled={list.rows.length === 0}
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

  return (
    <div role="rowgroup" className="tessera-table__header">
      <div role="row" className="tessera-table__row tessera-table__row--head" aria-rowindex={1}>
        {columns.map(header)}
      </div>
    </div>
  );
});
