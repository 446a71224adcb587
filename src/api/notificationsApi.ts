import { NotificationPath } from '../../schemas/api/notificationsConstants';
import type {
  NotificationEntry,
  NotificationGroup,
  NotificationSummary,
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

/** Marks notifications as read. */
export async function markNotificationsRead(notificationIds: number[]): Promise<void> {
  if (notificationIds.length === 0) return;
  await http.put(NotificationPath.read, { notificationIds });
}
