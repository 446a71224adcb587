// The tasks API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

import { apiRoute, routePatterns } from './apiRoute';

/** Every task call, one place for both sides (spec 000 section 7; chosen paths noted). */
export const TaskPath = {
  /** POST: the reassign capability of a page of team rows (spec 000 section 6). */
  reassignCapabilities: '/api/task/tasks/reassign-info',
  /** POST: the assigned (involved) list with its counters. */
  assigned: '/api/query/v1/tasks/assigned',
  /** POST: the candidate list with its counters. */
  candidate: '/api/query/v1/tasks/candidate',
  /** POST: the team list with its counters. */
  team: '/api/query/v1/tasks/team',
  /** GET: one task as a list row. */
  row: apiRoute('/api/query/v1/tasks/:taskId'),
  /** GET: one task with the facts the task page needs. */
  detail: apiRoute('/api/task/app/rest/tasks/:taskId'),
  /** POST: the open (or completed) tasks of one process instance. */
  queryByInstance: '/api/task/app/rest/query/tasks',
  /** PUT, no body: claim a candidate task. */
  claim: apiRoute('/api/task/app/rest/tasks/:taskId/action/claim'),
  /** POST: complete one's own task. */
  complete: apiRoute('/api/task/app/rest/tasks/:taskId/action/complete'),
  /** GET: whether the caller may reassign a task, and where the user list comes from (chosen). */
  reassignInfo: apiRoute('/api/task/tasks/:taskId/reassign-info'),
  /** PUT: reassign one task with a comment. */
  reassign: '/api/task/tasks/action/reassign',
  /** PATCH: reassign up to 20 tasks to one user. */
  bulkReassign: '/api/task/tasks/action/bulk-reassign',
} as const;

/** Route patterns of the calls above, as the server registers them. */
export const TaskRoute = routePatterns(TaskPath);

/** Rows per page the dashboard offers (spec 000 section 9). */
export const TASK_PAGE_SIZES = [5, 10, 20, 100, 200] as const;

/** At most this many tasks go in one bulk reassignment (spec 000 section 9). */
export const BULK_REASSIGN_LIMIT = 20;

/** Longest reassignment comment, counted after trimming (spec 000 section 5). */
export const REASSIGN_COMMENT_MAX = 250;

/**
 * Open, completed, or cancelled (a boundary event, a terminate end event or a completion
 * condition ended its activity before anyone completed it), as the task rows say it.
 */
export const TaskStatus = { open: 'OPEN', completed: 'COMPLETED', cancelled: 'CANCELLED' } as const;

/** A task row's state as its status. */
export function taskStatusOf(state: 'open' | 'completed' | 'cancelled'): TaskStatus {
  if (state === 'open') return TaskStatus.open;
  return state === 'cancelled' ? TaskStatus.cancelled : TaskStatus.completed;
}
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** The three lists and the `assignment` value each one carries. */
export const TaskAssignment = {
  involved: 'INVOLVED',
  candidate: 'CANDIDATE',
  team: 'TEAM',
} as const;
export type TaskAssignment = (typeof TaskAssignment)[keyof typeof TaskAssignment];

/** The three dashboard lists (spec 000 section 1), named as their list paths are. */
export const TaskListKind = {
  assigned: 'assigned',
  candidate: 'candidate',
  team: 'team',
} as const satisfies Record<string, keyof typeof TaskPath>;
export type TaskListKind = (typeof TaskListKind)[keyof typeof TaskListKind];

/** The `assignment` value each list sends. */
export const TaskAssignmentOf = {
  assigned: TaskAssignment.involved,
  candidate: TaskAssignment.candidate,
  team: TaskAssignment.team,
} as const satisfies Record<TaskListKind, TaskAssignment>;

/** The quick filters above each list (spec 000 section 3). */
export const QuickFilterType = {
  all: 'ALL',
  new: 'NEW',
  today: 'TODAY',
  week: 'WEEK',
  overdue: 'OVERDUE',
} as const;
export type QuickFilterType = (typeof QuickFilterType)[keyof typeof QuickFilterType];

/** The date windows of the TODAY, WEEK and OVERDUE quick filters (sent as filterParams.dateType). */
export const TaskDateType = { today: 'TODAY', week: 'WEEK', overdue: 'OVERDUE' } as const;
export type TaskDateType = (typeof TaskDateType)[keyof typeof TaskDateType];

/**
 * Sortable columns, by the parameter names of the team query (spec 000 section 3), plus
 * `createTime`, which the team table hides but the other two tables sort by.
 */
export const TaskSortParam = {
  dueDate: 'dueDate',
  taskName: 'name',
  assigneeName: 'iu.displayName',
  processName: 'pd.name',
  createTime: 'createTime',
} as const;
export type TaskSortParam = (typeof TaskSortParam)[keyof typeof TaskSortParam];

/** Sort direction of one sort parameter. */
export type SortOrder = 'ASC' | 'DESC';

/** The sort options of the tables: one column, one direction. */
export const TaskSortType = {
  dueDateAsc: 'DUE_DATE_ASC',
  dueDateDesc: 'DUE_DATE_DESC',
  taskNameAsc: 'TASK_NAME_ASC',
  taskNameDesc: 'TASK_NAME_DESC',
  assigneeNameAsc: 'ASSIGNEE_NAME_ASC',
  assigneeNameDesc: 'ASSIGNEE_NAME_DESC',
  processNameAsc: 'PROCESS_NAME_ASC',
  processNameDesc: 'PROCESS_NAME_DESC',
  createTimeAsc: 'CREATE_TIME_ASC',
  createTimeDesc: 'CREATE_TIME_DESC',
} as const;
export type TaskSortType = (typeof TaskSortType)[keyof typeof TaskSortType];

/** How the client turns a sort type into the sort parameter list it sends. */
export const SORT_PARAMS_OF_TYPE: Record<TaskSortType, { param: TaskSortParam; order: SortOrder }> =
  {
    DUE_DATE_ASC: { param: 'dueDate', order: 'ASC' },
    DUE_DATE_DESC: { param: 'dueDate', order: 'DESC' },
    TASK_NAME_ASC: { param: 'name', order: 'ASC' },
    TASK_NAME_DESC: { param: 'name', order: 'DESC' },
    ASSIGNEE_NAME_ASC: { param: 'iu.displayName', order: 'ASC' },
    ASSIGNEE_NAME_DESC: { param: 'iu.displayName', order: 'DESC' },
    PROCESS_NAME_ASC: { param: 'pd.name', order: 'ASC' },
    PROCESS_NAME_DESC: { param: 'pd.name', order: 'DESC' },
    CREATE_TIME_ASC: { param: 'createTime', order: 'ASC' },
    CREATE_TIME_DESC: { param: 'createTime', order: 'DESC' },
  };

/**
 * The two special values of `reassignableTo` (spec 000 section 6): pick from the general
 * user list (`POST /api/query/users`), or fetch the users this task may go to
 * (`GET /api/query/users/reassignable/{taskId}`).
 */
export const ReassignableTo = {
  allUsers: 'ALL_USERS',
  reassignableUsers: 'REASSIGNABLE_USERS',
} as const;
export type ReassignableTo = (typeof ReassignableTo)[keyof typeof ReassignableTo];

/** Why one task of a bulk reassignment was not moved. */
export const BulkReassignFailureCode = {
  /** The task is already with the chosen person: nothing to move. */
  alreadyAssigned: 'ALREADY_ASSIGNED',
  notFound: 'NOT_FOUND',
  notAllowed: 'NOT_ALLOWED',
  changed: 'CHANGED',
  userNotAllowed: 'USER_NOT_ALLOWED',
  /** The chosen person may not perform the task: they started the case or did an earlier step. */
  segregationOfDuties: 'SEGREGATION_OF_DUTIES',
} as const;
export type BulkReassignFailureCode =
  (typeof BulkReassignFailureCode)[keyof typeof BulkReassignFailureCode];

/**
 * The longest task description (a user task's BPMN `documentation`, filled in) that is
 * stored and sent: a definition's text is cut to it at deploy, with a warning, and a filled-in
 * text when the task is made, so no definition can bloat every task row.
 */
export const TASK_DESCRIPTION_MAX_LENGTH = 4000;
