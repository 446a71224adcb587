import { ReassignableTo, TaskPath } from '../../schemas/api/tasksConstants';
import { http } from './httpClient';

/** POST: the reassign capability of a page of team rows (the server's chosen path). */
export const REASSIGN_CAPABILITIES_PATH = TaskPath.reassignCapabilities;

/** One team row's reassign capability (spec 000 section 3, "Reassign capability"). */
export interface ReassignCapability {
  /** The task. */
  taskId: string;
  /** Whether the signed-in user may reassign it (spec 000 section 6). */
  canBeReassigned: boolean;
  /** Where its user list comes from. */
  reassignableTo: ReassignableTo;
}

/** The capability of each task, in the order asked; none asked, none fetched. */
export async function fetchReassignCapabilities(
  taskIds: readonly string[],
): Promise<ReassignCapability[]> {
  if (taskIds.length === 0) return [];
  const response = await http.post<{ result: ReassignCapability[] }>(REASSIGN_CAPABILITIES_PATH, {
    taskIds,
  });
  return response.data.result;
}
