import { NotificationPath, type NotificationKind } from '../../schemas/api/notificationsConstants';
import type {
  NotificationEntry,
  NotificationGroup,
  NotificationSummary,
  ReadNotificationKindBody,
} from '../../schemas/api/notifications';
import { http } from './httpClient';

export type { NotificationEntry, NotificationGroup, NotificationSummary };

/** An empty summary, before the first load and after sign-out. */
export const EMPTY_NOTIFICATIONS: NotificationSummary = {
  assignedTasks: { count: 0, notificationData: [] },
  candidateTasks: { count: 0, notificationData: [] },
};

/** The user's unread notifications. */
export async function fetchNotifications(userId: string): Promise<NotificationSummary> {
  const response = await http.get<NotificationSummary>(NotificationPath.summary(userId));
  return response.data;
}

/**
 * Marks every unread notification of one kind read on the server, the listed ones and the
 * rest. `upTo` is the newest time the bell showed, so anything newer stays unread.
 */
export async function markNotificationKindRead(
  kind: NotificationKind,
  upTo?: string,
): Promise<void> {
  const body: ReadNotificationKindBody = upTo === undefined ? { kind } : { kind, upTo };
  await http.put(NotificationPath.readKind, body);
}
