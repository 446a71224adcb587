import { BULK_REASSIGN_LIMIT } from '../../schemas/api/tasksConstants';
import type { ReassignCapability } from '../api/reassignCapabilityApi';

/** Why a bulk selection may not be sent, or null when it may. */
export const BulkSelectionProblem = {
  /** Nothing is selected. */
  empty: 'empty',
  /** More than the bulk limit. */
  tooMany: 'tooMany',
  /** A selected row may not be reassigned by this user (canBeReassigned false or unknown). */
  notReassignable: 'notReassignable',
} as const;
/** One of `BulkSelectionProblem`. */
export type BulkSelectionProblem = (typeof BulkSelectionProblem)[keyof typeof BulkSelectionProblem];

/** A selected row as the check needs it. */
export interface SelectedTask {
  /** The task. */
  taskId: string;
}

/**
 * Checks a bulk selection before it is sent (spec 000 sections 5 and 6): 1 to 20 rows, each
 * one the user may reassign.
 */
export function checkBulkSelection(
  tasks: readonly SelectedTask[],
  capabilities: ReadonlyMap<string, ReassignCapability>,
): BulkSelectionProblem | null {
  if (tasks.length === 0) return BulkSelectionProblem.empty;
  if (tasks.length > BULK_REASSIGN_LIMIT) return BulkSelectionProblem.tooMany;
  const found = tasks.map((task) => capabilities.get(task.taskId));
  if (found.some((capability) => !capability?.canBeReassigned)) {
    return BulkSelectionProblem.notReassignable;
  }
  return null;
}
