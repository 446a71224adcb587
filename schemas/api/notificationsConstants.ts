// The notifications API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

import { apiRoute } from './apiRoute';

/** Notification calls (spec 000 section 7), one place for both sides. */
export const NotificationPath = {
  /** GET: one's own unread notifications about new assigned and candidate tasks. */
  summary: apiRoute('/api/query/v1/notifications/:userId'),
  /** PUT: mark notifications read. */
  read: '/api/task/notifications/tasks/read',
  /** PUT: mark every unread notification of one kind read, listed or not. */
  readKind: '/api/task/notifications/tasks/read-kind',
  /** PUT, no body: the assignee opened the task, so its 'new' marker goes. */
  started: apiRoute('/api/task/notifications/tasks/started/:taskId'),
} as const;

/** The two kinds of notification, each leading to its dashboard list. */
export const NotificationKind = {
  assigned: 'assigned',
  candidate: 'candidate',
} as const;
/** One of `NotificationKind`. */
export type NotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];
