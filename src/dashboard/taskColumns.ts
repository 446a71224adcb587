import { SortField, TaskListKind } from '../api/tasksApi';
import { Viewport } from './useViewport';

/** The visible columns of the task tables (spec 000 section 2, "Columns"). */
export const TaskColumn = {
  select: 'select',
  dueDate: 'dueDate',
  createdOn: 'createdOn',
  taskName: 'taskName',
  processName: 'processName',
  assigneeName: 'assigneeName',
  candidates: 'candidates',
  actions: 'actions',
} as const;
/** One of `TaskColumn`. */
export type TaskColumn = (typeof TaskColumn)[keyof typeof TaskColumn];

/** The sort field behind each sortable column; candidates, select and actions sort nothing. */
export const SORT_FIELD_OF: Partial<Record<TaskColumn, SortField>> = {
  dueDate: SortField.dueDate,
  createdOn: SortField.createTime,
  taskName: SortField.taskName,
  processName: SortField.processName,
  assigneeName: SortField.assigneeName,
};

/**
 * The columns a table shows, in order. processInstanceId, taskId and assignee are always
 * hidden; createdOn is hidden on phones and in the team table; processName on phones;
 * assigneeName only in the team table on desktop; candidates only in the candidate table on
 * desktop; the select column only in the team table. Given the table's width, a table too
 * narrow for its layout's columns (a tablet window zoomed to 200 %, a side panel open) also
 * drops the columns that matter least, so the task name keeps room to be read and the
 * actions stay in view rather than past the table's edge.
 */
export function visibleColumns(
  kind: TaskListKind,
  viewport: Viewport,
  tableWidth = 0,
): TaskColumn[] {
  const mobile = viewport === Viewport.mobile;
  const desktop = viewport === Viewport.desktop;
  const team = kind === TaskListKind.team;
  const columns: TaskColumn[] = [];
  if (team) columns.push(TaskColumn.select);
  columns.push(TaskColumn.dueDate);
  if (!mobile && !team) columns.push(TaskColumn.createdOn);
  columns.push(TaskColumn.taskName);
  if (!mobile) columns.push(TaskColumn.processName);
  if (team && desktop) columns.push(TaskColumn.assigneeName);
  if (kind === TaskListKind.candidate && desktop) columns.push(TaskColumn.candidates);
  columns.push(TaskColumn.actions);
  return tableWidth > 0 ? fitColumns(columns, kind, viewport, tableWidth) : columns;
}

/** The room a task name needs to be read in one line: "Application intake" and its padding. */
export const TASK_NAME_ROOM_PX = 160;

/** The columns a narrow table gives up first: the ones a task is least often told by. */
const DROPPED_FIRST: readonly TaskColumn[] = [
  TaskColumn.createdOn,
  TaskColumn.candidates,
  TaskColumn.assigneeName,
  TaskColumn.processName,
];

/**
 * Drops columns in the order of `DROPPED_FIRST` until the rest fit in `tableWidth` with the
 * task name given at least `TASK_NAME_ROOM_PX`; the due date, name and actions always stay.
 */
function fitColumns(
  columns: readonly TaskColumn[],
  kind: TaskListKind,
  viewport: Viewport,
  tableWidth: number,
): TaskColumn[] {
  let fitted = [...columns];
  const fits = () => {
    const widths = columnWidths(fitted, kind, viewport, tableWidth);
    const total = widths.reduce((sum, width) => sum + width, 0);
    const name = widths[fitted.indexOf(TaskColumn.taskName)] ?? 0;
    return total <= tableWidth && name >= TASK_NAME_ROOM_PX;
  };
  for (const column of DROPPED_FIRST) {
    if (fits()) break;
    fitted = fitted.filter((shown) => shown !== column);
  }
  return fitted;
}

/** The select column's width on desktop, tablet and phone (spec 000 section 9). */
export const SELECT_COLUMN_PX: Record<Viewport, number> = { desktop: 56, tablet: 40, mobile: 38 };

const FIXED_PX: Partial<Record<TaskColumn, Record<Viewport, number>>> = {
  dueDate: { desktop: 176, tablet: 164, mobile: 110 },
  createdOn: { desktop: 112, tablet: 104, mobile: 0 },
};

/**
 * Wide enough for the longest language's button and header on one line ("Ouvrir la tâche",
 * "Actions possibles"), so neither wraps nor is cut.
 */
const ACTIONS_PX: Record<TaskListKind, Record<Viewport, number>> = {
  assigned: { desktop: 172, tablet: 168, mobile: 56 },
  candidate: { desktop: 150, tablet: 146, mobile: 60 },
  team: { desktop: 150, tablet: 146, mobile: 104 },
};

const FLEX_WEIGHT: Partial<Record<TaskColumn, number>> = {
  taskName: 3,
  processName: 2,
  assigneeName: 1.5,
  candidates: 2,
};

/** The smallest width a flexible column is given, however narrow the table. */
export const MIN_FLEX_COLUMN_PX = 96;

/**
 * Column widths that fill a table of `tableWidth` pixels: fixed widths for the select, date
 * and action columns, the rest shared by weight among the text columns.
 */
export function columnWidths(
  columns: readonly TaskColumn[],
  kind: TaskListKind,
  viewport: Viewport,
  tableWidth: number,
): number[] {
  const fixedOf = (column: TaskColumn): number | null => {
    if (column === TaskColumn.select) return SELECT_COLUMN_PX[viewport];
    if (column === TaskColumn.actions) return ACTIONS_PX[kind][viewport];
    return FIXED_PX[column]?.[viewport] ?? null;
  };
  const fixedTotal = columns.reduce((sum, column) => sum + (fixedOf(column) ?? 0), 0);
  const weights = columns.reduce((sum, column) => sum + (FLEX_WEIGHT[column] ?? 0), 0);
  // Leave room for a vertical scroll bar so no horizontal one appears.
  const free = Math.max(0, tableWidth - fixedTotal - 2);
  return columns.map((column) => {
    const fixed = fixedOf(column);
    if (fixed !== null) return fixed;
    const weight = FLEX_WEIGHT[column] ?? 1;
    return Math.max(MIN_FLEX_COLUMN_PX, Math.floor((free * weight) / (weights || 1)));
  });
}

/** A drag that changes a column by less than this is ignored (spec 000 section 9). */
export const MIN_RESIZE_CHANGE_PX = 10;
