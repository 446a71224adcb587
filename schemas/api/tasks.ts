import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../forms/stringEnum';
import { PageNumber } from './common';
import { ErrorCode } from './commonConstants';
import {
  TASK_PAGE_SIZES,
  BULK_REASSIGN_LIMIT,
  TaskAssignment,
  QuickFilterType,
  TaskDateType,
  TaskSortParam,
  TaskSortType,
  ReassignableTo,
  BulkReassignFailureCode,
  TaskStatus,
  TASK_DESCRIPTION_MAX_LENGTH,
} from './tasksConstants';

export * from './tasksConstants';

/**
 * A JSON object of the client's choosing (form values, variables, settings): at most
 * `maxProperties` keys of 1 to `maxKeyLength` characters each, any JSON values.
 */
export const JsonObject = (maxProperties: number, maxKeyLength = 200) =>
  Type.Record(Type.String(), Type.Unknown(), {
    maxProperties,
    propertyNames: { minLength: 1, maxLength: maxKeyLength },
  });

/** One `{param, order}` entry of `sortParams`. */
export const SortParamEntry = Type.Object(
  {
    param: StringEnum(Object.values(TaskSortParam)),
    order: StringEnum(['ASC', 'DESC'] as const),
  },
  { additionalProperties: false },
);
export type SortParamEntry = Static<typeof SortParamEntry>;

/** A `YYYY-MM-DD` calendar date (the API's date format, spec 000 section 9). */
export const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });

/** `filterParams` of a task query; `assignee` is accepted by the team query only. */
export const TaskFilterParams = Type.Object(
  {
    dueDate: Type.Optional(IsoDay),
    taskName: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(StringEnum(['NEW'] as const)),
    dateType: Type.Optional(StringEnum(Object.values(TaskDateType))),
    assignee: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type TaskFilterParams = Static<typeof TaskFilterParams>;

/**
 * The body of the three task-list queries (spec 000 section 3, "Task query params").
 * `sortParams` wins over `sortType`; without either the list is by due date ascending.
 * `filterNew: true`, `filterParams.status: 'NEW'` and `quickFilterType: 'NEW'` all mean the
 * NEW filter. `countAvailability` is accepted for the client's sake: the counters always come
 * back, because they cost one pass that the total count needs anyway.
 */
export const TaskQueryBody = Type.Object(
  {
    page: PageNumber(100_000),
    size: Type.Unsafe<(typeof TASK_PAGE_SIZES)[number]>({
      type: 'integer',
      enum: [...TASK_PAGE_SIZES],
    }),
    state: Type.Optional(StringEnum(['OPEN'] as const)),
    sortType: Type.Optional(StringEnum(Object.values(TaskSortType))),
    sortParams: Type.Optional(Type.Array(SortParamEntry, { maxItems: 5 })),
    assignment: Type.Optional(StringEnum(Object.values(TaskAssignment))),
    filterNew: Type.Optional(Type.Boolean()),
    filterParams: Type.Optional(TaskFilterParams),
    quickFilterType: Type.Optional(StringEnum(Object.values(QuickFilterType))),
    countAvailability: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TaskQueryBody = Static<typeof TaskQueryBody>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** One row of a task list (spec 000 section 3, "Task row"). Times are ISO 8601 in UTC. */
export const TaskRow = Type.Object(
  {
    processInstanceId: Type.String(),
    taskId: Type.String(),
    processName: Type.String(),
    /** ISO date-time, or null for a task without a due date. */
    dueDate: NullableString,
    taskStatus: StringEnum(Object.values(TaskStatus)),
    taskName: Type.String(),
    /** The assignee's user id, or null for an unassigned (candidate) task. */
    assignee: NullableString,
    /** First and last name of the assignee. */
    assigneeName: NullableString,
    /** Display names of the candidate users and groups. */
    candidates: Type.Array(Type.String()),
    createTime: Type.String(),
    memberOfCandidateGroup: Type.Boolean(),
    memberOfCandidateUsers: Type.Boolean(),
    initiatorCanCompleteTask: Type.Boolean(),
    processInstanceStartUserId: Type.String(),
    formKey: NullableString,
    /** Assigned and not yet opened by its assignee: the dashboard's 'new' marker. */
    isNew: Type.Boolean(),
  },
  { $id: 'TaskRow' },
);
export type TaskRow = Static<typeof TaskRow>;

/**
 * A task list page with its counters (spec 000 section 3, "Task list counters").
 * `totalHeadCount`: the list without any filter or quick filter (tells "no tasks" from "no
 * filtered tasks"). `totalCount`: the rows matching everything that was sent, across pages.
 * `totalAll/New/Today/ThisWeek/Overdue`: the list under the sent filters (due date, task
 * name, assignee) with that one quick filter instead of the chosen one, so every badge
 * says what clicking it would show.
 */
export const TaskListAnswer = Type.Object({
  content: Type.Array(TaskRow),
  totalHeadCount: Type.Integer(),
  totalCount: Type.Integer(),
  totalAll: Type.Integer(),
  totalNew: Type.Integer(),
  totalToday: Type.Integer(),
  totalThisWeek: Type.Integer(),
  totalOverdue: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
});
export type TaskListAnswer = Static<typeof TaskListAnswer>;

/** Params of the calls on one task. */
export const TaskIdParams = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 100 }) });
export type TaskIdParams = Static<typeof TaskIdParams>;

/** A person as task answers show them (Flowable's user representation). */
export const TaskUser = Type.Object({
  id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
});
export type TaskUser = Static<typeof TaskUser>;

/** What the caller may do with a task right now; the server enforces the same rules. */
export const TaskPermissions = Type.Object({
  /** The caller is the assignee: they may save and complete it. */
  canComplete: Type.Boolean(),
  /** Unassigned and the caller is a candidate or the initiator it allows. */
  canClaim: Type.Boolean(),
  /** See `GET reassign-info` for whom to. */
  canBeReassigned: Type.Boolean(),
});
export type TaskPermissions = Static<typeof TaskPermissions>;

/** The stable codes the task policy refuses a claim or a completion with. */
export const TaskRefusalCode = StringEnum([
  ErrorCode.conflict,
  ErrorCode.taskAlreadyClaimed,
  ErrorCode.forbidden,
  ErrorCode.segregationOfDuties,
] as const);
export type TaskRefusalCode = Static<typeof TaskRefusalCode>;

/**
 * Why the caller may not claim or complete a task: the code the server would refuse it with,
 * or null when it would not. The task page says it in one sentence instead of a bare
 * read-only form (four eyes: `SEGREGATION_OF_DUTIES`; no candidate: `FORBIDDEN`).
 */
export const TaskRefusals = Type.Object({
  claim: Type.Union([TaskRefusalCode, Type.Null()]),
  complete: Type.Union([TaskRefusalCode, Type.Null()]),
});
export type TaskRefusals = Static<typeof TaskRefusals>;

/**
 * `GET /api/task/app/rest/tasks/{taskId}`: the task page's facts (spec 001 section 3 "Task",
 * with Flowable's task representation names). `taskVariables` are the task's saved draft
 * (or, once completed, what was submitted).
 */
export const TaskDetail = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  name: Type.String(),
  /**
   * The instructions for the person who does the task (the user task's BPMN `documentation`,
   * its values filled in when the task was made) in the reader's language; plain text whose
   * line breaks are the author's, never markup. Null when the task has none.
   */
  description: Type.Union([Type.String({ maxLength: TASK_DESCRIPTION_MAX_LENGTH }), Type.Null()]),
  processInstanceId: Type.String(),
  processInstanceName: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  processDefinitionCategory: Type.String(),
  processInstanceStartUserId: Type.String(),
  formKey: NullableString,
  created: Type.String(),
  dueDate: NullableString,
  endDate: NullableString,
  priority: Type.Integer(),
  taskStatus: StringEnum(Object.values(TaskStatus)),
  outcome: NullableString,
  assignee: Type.Union([TaskUser, Type.Null()]),
  assigneeName: NullableString,
  candidates: Type.Array(Type.String()),
  memberOfCandidateGroup: Type.Boolean(),
  memberOfCandidateUsers: Type.Boolean(),
  initiatorCanCompleteTask: Type.Boolean(),
  isNew: Type.Boolean(),
  taskVariables: Type.Record(Type.String(), Type.Unknown()),
  permissions: TaskPermissions,
  refusals: TaskRefusals,
});
export type TaskDetail = Static<typeof TaskDetail>;

/** `POST /api/task/app/rest/query/tasks` body: the open tasks of an instance, or its completed ones. */
export const InstanceTasksBody = Type.Object(
  {
    processInstanceId: Type.String({ minLength: 1, maxLength: 100 }),
    state: Type.Optional(StringEnum(['open', 'completed'] as const)),
  },
  { additionalProperties: false },
);
export type InstanceTasksBody = Static<typeof InstanceTasksBody>;

/** One task of an instance (spec 001 "Completed task": id, name, processInstanceId, and more). */
export const InstanceTask = Type.Object({
  id: Type.String(),
  name: Type.String(),
  processInstanceId: Type.String(),
  formKey: NullableString,
  assignee: NullableString,
  assigneeName: NullableString,
  created: Type.String(),
  dueDate: NullableString,
  endDate: NullableString,
  outcome: NullableString,
  taskStatus: StringEnum(Object.values(TaskStatus)),
  /** What the caller may do with it now, by the task policy (the instance page's offer). */
  permissions: Type.Object({ canClaim: Type.Boolean(), canComplete: Type.Boolean() }),
});
export type InstanceTask = Static<typeof InstanceTask>;

/** `POST /api/task/app/rest/query/tasks` answer, oldest task first. */
export const InstanceTasksAnswer = Type.Object({
  size: Type.Integer(),
  total: Type.Integer(),
  data: Type.Array(InstanceTask),
});
export type InstanceTasksAnswer = Static<typeof InstanceTasksAnswer>;

/** The body of a claim: none at all. */
export const NoBody = Type.Union([Type.Null(), Type.Object({}, { additionalProperties: false })]);

/** `POST .../action/complete` body: the outcome button pressed and the form's values. */
export const CompleteTaskBody = Type.Object(
  {
    outcome: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The submitting part of a combined task; its last part or the outcome's owner otherwise. */
    formId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    values: JsonObject(500),
  },
  { additionalProperties: false },
);
export type CompleteTaskBody = Static<typeof CompleteTaskBody>;

/** `POST .../action/complete` answer: where the process stands now. */
export const CompleteTaskAnswer = Type.Object({
  result: Type.Object({
    taskId: Type.String(),
    processInstanceId: Type.String(),
    processStatus: StringEnum(['On-going', 'Completed'] as const),
  }),
});
export type CompleteTaskAnswer = Static<typeof CompleteTaskAnswer>;

/** `GET /api/task/tasks/{taskId}/reassign-info` answer (spec 001 "Reassign info"). */
export const ReassignInfo = Type.Object({
  canBeReassigned: Type.Boolean(),
  reassignableTo: StringEnum(Object.values(ReassignableTo)),
});
export type ReassignInfo = Static<typeof ReassignInfo>;

/** `PUT /api/task/tasks/action/reassign` body (spec 000 section 3, "Reassign request"). */
export const ReassignBody = Type.Object(
  {
    fromUser: Type.String({ minLength: 1, maxLength: 200 }),
    toUser: Type.String({ minLength: 1, maxLength: 200 }),
    taskId: Type.String({ minLength: 1, maxLength: 100 }),
    /** At most 250 characters once trimmed; may be empty. */
    comment: Type.String({ maxLength: 2000 }),
    processInstanceId: Type.String({ minLength: 1, maxLength: 100 }),
    /** The caller's own id; anything else is refused. */
    userId: Type.String({ minLength: 1, maxLength: 200 }),
    taskName: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type ReassignBody = Static<typeof ReassignBody>;

/** `PUT /api/task/tasks/action/reassign` answer. */
export const ReassignAnswer = Type.Object({
  result: Type.Object({
    taskId: Type.String(),
    assignee: Type.String(),
    assigneeName: Type.String(),
  }),
});
export type ReassignAnswer = Static<typeof ReassignAnswer>;

/** `PATCH /api/task/tasks/action/bulk-reassign` body: 1 to 20 distinct tasks, one new assignee. */
export const BulkReassignBody = Type.Object(
  {
    taskDetails: Type.Array(
      Type.Object(
        {
          fromUserId: Type.String({ minLength: 1, maxLength: 200 }),
          taskId: Type.String({ minLength: 1, maxLength: 100 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: BULK_REASSIGN_LIMIT, uniqueItems: true },
    ),
    toUserId: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type BulkReassignBody = Static<typeof BulkReassignBody>;

/** `PATCH /api/task/tasks/action/bulk-reassign` answer; a partial failure is still a 200. */
export const BulkReassignAnswer = Type.Object({
  result: Type.Object({
    failedTaskIds: Type.Array(Type.String()),
    noOfTasksReassigned: Type.Integer(),
    failures: Type.Array(
      Type.Object({
        taskId: Type.String(),
        code: StringEnum(Object.values(BulkReassignFailureCode)),
      }),
    ),
  }),
});
export type BulkReassignAnswer = Static<typeof BulkReassignAnswer>;
