import {
  SORT_PARAMS_OF_TYPE,
  TaskPath,
  TaskSortType,
  type TaskListKind,
} from '../../schemas/api/tasksConstants';
import type {
  BulkReassignAnswer,
  BulkReassignBody,
  InstanceTask,
  InstanceTasksAnswer,
  ReassignBody,
  ReassignInfo,
  SortParamEntry,
  TaskDetail,
  TaskFilterParams,
  TaskListAnswer,
  TaskQueryBody,
  TaskRow,
} from '../../schemas/api/tasks';
import { CommentPath } from '../../schemas/api/commentsConstants';
import type { CommentAvailabilityAnswer, CommentStatus } from '../../schemas/api/comments';
import { NotificationPath } from '../../schemas/api/notificationsConstants';
import { ApiError, ServerError } from './errors';
import { http } from './httpClient';

/** The claim rule shared with the server's SQL (spec 000 section 4). */
export { isClaimable } from '../../schemas/api/claimRule';

/** The lists, the assignment each sends and the quick filters, as the server knows them. */
export { QuickFilterType, TaskAssignmentOf, TaskListKind } from '../../schemas/api/tasksConstants';

export type {
  CommentStatus,
  InstanceTask,
  ReassignBody,
  ReassignInfo,
  TaskDetail,
  TaskFilterParams,
  TaskQueryBody,
  TaskRow,
};

/** The sortable columns (spec 000 section 3, "Sort options"). */
export const SortField = {
  dueDate: 'dueDate',
  taskName: 'taskName',
  assigneeName: 'assigneeName',
  processName: 'processName',
  createTime: 'createTime',
} as const;
/** One of `SortField`. */
export type SortField = (typeof SortField)[keyof typeof SortField];

/** Sort direction. */
export const SortOrder = { ASC: 'ASC', DESC: 'DESC' } as const;
/** One of `SortOrder`. */
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];

/** A column and a direction, as the dashboard keeps it. */
export interface TaskSort {
  /** The column. */
  field: SortField;
  /** The direction. */
  order: SortOrder;
}

const SORT_TYPE_PREFIX: Record<SortField, string> = {
  dueDate: 'DUE_DATE',
  taskName: 'TASK_NAME',
  assigneeName: 'ASSIGNEE_NAME',
  processName: 'PROCESS_NAME',
  createTime: 'CREATE_TIME',
};

/** The sort type of a sort (`DUE_DATE_ASC`, spec 000 section 3). */
export function toSortType(sort: TaskSort): TaskSortType {
  const name = `${SORT_TYPE_PREFIX[sort.field]}_${sort.order}`;
  const known = Object.values(TaskSortType) as string[];
  return (known.includes(name) ? name : TaskSortType.dueDateAsc) as TaskSortType;
}

/**
 * The sort as the parameter list every list query sends (spec 000 section 7: "the sort type
 * is sent as a sort parameter list"), by the team query's column names.
 */
export function toSortParams(sort: TaskSort): SortParamEntry[] {
  return [SORT_PARAMS_OF_TYPE[toSortType(sort)]];
}

/** A paged answer had no `content` field (spec 000 section 8, noExpectedProperty). */
export class UnexpectedResponseError extends ApiError {
  constructor(message = 'The answer has no content field') {
    super(500, 'NO_EXPECTED_PROPERTY', message);
    this.name = 'UnexpectedResponseError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Statuses a paged call keeps as they are: no answer at all, and those the whole app acts on
 * (sign-in again, insufficient privileges, maintenance; spec 000 section 4).
 */
const STATUSES_KEPT_BY_PAGED_CALLS: readonly number[] = [0, 401, 403, 503];

/** A paged call's answer other than 200 (spec 000 section 7: "treated as status 500"). */
function pagedCallFailed(status: number): ServerError {
  return new ServerError(500, 'PAGED_CALL_FAILED', `The list answered ${status}`);
}

/**
 * One page of a dashboard list with its counters. Any answer but a 200 counts as a 500 (a 202
 * or 204 as much as a 4xx), and a 200 without `content` is refused.
 */
export async function fetchTaskList(
  kind: TaskListKind,
  query: TaskQueryBody,
): Promise<TaskListAnswer> {
  let response;
  try {
    response = await http.post<unknown>(TaskPath[kind], query);
  } catch (error) {
    if (error instanceof ApiError && !STATUSES_KEPT_BY_PAGED_CALLS.includes(error.status)) {
      throw pagedCallFailed(error.status);
    }
    throw error;
  }
  if (response.status !== 200) throw pagedCallFailed(response.status);
  const body = response.data;
  if (!isRecord(body) || !Array.isArray(body.content)) throw new UnexpectedResponseError();
  return body as TaskListAnswer;
}

/** One task as a list row, with the facts the claim check needs. */
export async function fetchTask(taskId: string): Promise<TaskRow> {
  const response = await http.get<TaskRow>(TaskPath.row(taskId));
  return response.data;
}

/** Claims a task for the signed-in user (no body). */
export async function claimTask(taskId: string): Promise<void> {
  await http.put(TaskPath.claim(taskId));
}

/** Marks a task its assignee has opened as seen, which removes its 'new' marker. */
export async function markTaskStarted(taskId: string): Promise<void> {
  await http.put(NotificationPath.started(taskId));
}

/** The task page's task. */
export async function fetchTaskDetail(taskId: string): Promise<TaskDetail> {
  const response = await http.get<TaskDetail>(TaskPath.detail(taskId));
  return response.data;
}

/** The open (or, with `completed`, the completed) tasks of a process instance, oldest first. */
export async function fetchInstanceTasks(
  processInstanceId: string,
  completed = false,
): Promise<InstanceTask[]> {
  const response = await http.post<InstanceTasksAnswer>(TaskPath.queryByInstance, {
    processInstanceId,
    state: completed ? 'completed' : 'open',
  });
  if (!Array.isArray(response.data.data)) throw new UnexpectedResponseError();
  return response.data.data;
}

/** Reassigns one task. */
export async function reassignTask(request: ReassignBody): Promise<void> {
  await http.put(TaskPath.reassign, request);
}

/** What a bulk reassign did. */
export type BulkReassignResult = BulkReassignAnswer['result'];

/** Reassigns up to 20 tasks to one person; a partial failure still answers 200. */
export async function bulkReassign(request: BulkReassignBody): Promise<BulkReassignResult> {
  const response = await http.patch<BulkReassignAnswer>(TaskPath.bulkReassign, request);
  return response.data.result;
}

/** Whether a task may be reassigned, and where its user list comes from. */
export async function fetchReassignInfo(taskId: string): Promise<ReassignInfo> {
  const response = await http.get<ReassignInfo>(TaskPath.reassignInfo(taskId));
  return response.data;
}

/** The comment status of the team rows (spec 000 section 4). */
export async function fetchCommentAvailability(taskIds: string[]): Promise<CommentStatus[]> {
  if (taskIds.length === 0) return [];
  const response = await http.post<CommentAvailabilityAnswer>(CommentPath.availability, {
    taskIds,
  });
  return response.data.result;
}
