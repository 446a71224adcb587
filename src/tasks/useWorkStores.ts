import type { NotificationStore } from '../notifications/NotificationStore';
import type { ProcessStore } from '../process/ProcessStore';
import { useStores } from '../stores/useStores';
import type { DashboardStore } from '../dashboard/DashboardStore';

/** The stores of the task work: notifications, the dashboard and the process screens. */
export interface WorkStores {
  /** The bell's notifications. */
  notifications: NotificationStore;
  /** The dashboard lists and actions. */
  dashboard: DashboardStore;
  /** The process screens and the start-process drawer. */
  processes: ProcessStore;
}

/** The task-work stores of the RootStore. */
export function useWorkStores(): WorkStores {
  const { notifications, dashboard, processes } = useStores();
  return { notifications, dashboard, processes };
}
