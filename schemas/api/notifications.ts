import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../forms/stringEnum';
import { routePatterns } from './apiRoute';
import { BigintId } from './common';

import { NotificationKind, NotificationPath } from './notificationsConstants';

export * from './notificationsConstants';

/** Route patterns of the calls above, as the server registers them. */
export const NotificationRoute = routePatterns(NotificationPath);

/** At most this many entries are listed per kind; `count` still counts them all. */
export const NOTIFICATION_LIST_LIMIT = 20;

/**
 * A notification's id. The column is a bigint, but JSON numbers are exact only up to 2^53 - 1
 * and the database refuses what overflows a bigint: an id outside the bound is a 400 here,
 * never a failed query.
 */
export const NotificationId = BigintId();

/** One notification (spec 000 section 3, "Notification summary"). */
export const NotificationEntry = Type.Object({
  id: NotificationId,
  taskName: Type.String(),
  /** The candidate group that made the task a candidate task; null for a direct one or an assignment. */
  groupName: Type.Union([Type.String(), Type.Null()]),
  taskId: Type.String(),
  processName: Type.String(),
  createdTime: Type.String(),
});
export type NotificationEntry = Static<typeof NotificationEntry>;

/** Unread notifications of one kind: how many, and the newest of them. */
export const NotificationGroup = Type.Object({
  count: Type.Integer(),
  notificationData: Type.Array(NotificationEntry),
});
export type NotificationGroup = Static<typeof NotificationGroup>;

/**
 * `GET /api/query/v1/notifications/{userId}` answer. Only notifications that still hold
 * count: an assigned one while the task is open and still the user's, a candidate one while
 * the task is open and unclaimed.
 */
export const NotificationSummary = Type.Object({
  assignedTasks: NotificationGroup,
  candidateTasks: NotificationGroup,
});
export type NotificationSummary = Static<typeof NotificationSummary>;

/** Params of the summary call. */
export const NotificationUserParams = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 200 }),
});
export type NotificationUserParams = Static<typeof NotificationUserParams>;

/** `PUT /api/task/notifications/tasks/read` body. */
export const ReadNotificationsBody = Type.Object(
  {
    notificationIds: Type.Array(NotificationId, {
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type ReadNotificationsBody = Static<typeof ReadNotificationsBody>;

/** `PUT /api/task/notifications/tasks/read` answer: how many of one's own were newly read. */
export const ReadNotificationsAnswer = Type.Object({
  result: Type.Object({ updated: Type.Integer() }),
});
export type ReadNotificationsAnswer = Static<typeof ReadNotificationsAnswer>;

/**
 * `PUT /api/task/notifications/tasks/read-kind` body: read every unread notification of one
 * kind, not only the newest the summary lists. `upTo` (the newest `createdTime` the bell
 * showed) keeps what arrived after the user looked unread; without it, all of the kind go.
 */
export const ReadNotificationKindBody = Type.Object(
  {
    kind: StringEnum(Object.values(NotificationKind)),
    upTo: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ReadNotificationKindBody = Static<typeof ReadNotificationKindBody>;

/** Params of the task-started call. */
export const StartedTaskParams = Type.Object({
  taskId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type StartedTaskParams = Static<typeof StartedTaskParams>;

/** `PUT /api/task/notifications/tasks/started/{id}` answer. */
export const StartedTaskAnswer = Type.Object({
  result: Type.Object({ taskId: Type.String(), isNew: Type.Boolean() }),
});
export type StartedTaskAnswer = Static<typeof StartedTaskAnswer>;
