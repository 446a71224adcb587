import { useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { TaskListKind } from '../api/tasksApi';
import { columnWidths, MIN_RESIZE_CHANGE_PX, type TaskColumn } from './taskColumns';
import type { Viewport } from './useViewport';

/** The narrowest a column may be dragged. */
const MIN_DRAG_COLUMN_PX = 40;
/** The width assumed before the table is laid out. */
const UNMEASURED_WIDTH_PX = 960;
/** A column's width when the fitted widths name none for it. */
const FALLBACK_COLUMN_PX = 120;

/** The table's column widths and how a header edge drags one. */
export interface ColumnWidths {
  /** Each shown column's width in CSS pixels, in column order. */
  readonly widths: readonly number[];
  /** Their sum, the table's width. */
  readonly totalWidth: number;
  /** Starts dragging the right edge of column `index` from a pointer press on it. */
  startResize(index: number, event: ReactPointerEvent<HTMLElement>): void;
}

/**
 * The columns' widths: fitted to the table's width for the list and the layout, except the
 * ones the user dragged. A new list or layout fits them all again; a resize of the window
 * refits the others and keeps the user's own drags.
 */
export function useColumnWidths(
  columns: readonly TaskColumn[],
  kind: TaskListKind,
  viewport: Viewport,
  tableWidth: number,
): ColumnWidths {
  const fitted = columnWidths(columns, kind, viewport, tableWidth || UNMEASURED_WIDTH_PX);
  const [userWidths, setUserWidths] = useState<Record<string, number>>({});
  const widths = columns.map(
    (column, index) => userWidths[column] ?? fitted[index] ?? FALLBACK_COLUMN_PX,
  );
  const totalWidth = widths.reduce((sum, value) => sum + value, 0);

  const columnsKey = `${kind}:${viewport}`;
  const [lastKey, setLastKey] = useState(columnsKey);
  if (lastKey !== columnsKey) {
    setLastKey(columnsKey);
    setUserWidths({});
  }

  const startResize = (index: number, event: ReactPointerEvent<HTMLElement>) => {
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

  return { widths, totalWidth, startResize };
}
