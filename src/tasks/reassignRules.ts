import { BULK_REASSIGN_LIMIT, ReassignableTo } from '../../schemas/api/tasksConstants';
import type { ReassignCapability } from './reassignCapabilityApi';

/**
 * The reassignable setting's rule (spec 000 section 5, "Single reassign"), counted over the
 * other tasks moved in the same call that bring a list of people of their own: a task with
 * the general list (ALL_USERS) may go along with 0 or 1 of them; a task with its own list
 * (REASSIGNABLE_USERS) only with 0. A bulk reassign sends one person for every task, and a
 * task's own list says who may take it, so at most one such list may decide the person; a
 * single reassign has no other tasks and is always allowed by this rule.
 */
export function reassignPermitted(setting: ReassignableTo, otherOwnLists: number): boolean {
  return setting === ReassignableTo.allUsers ? otherOwnLists <= 1 : otherOwnLists === 0;
}

/** Why a bulk selection may not be sent, or null when it may. */
export const BulkSelectionProblem = {
  /** Nothing is selected. */
  empty: 'empty',
  /** More than the bulk limit. */
  tooMany: 'tooMany',
  /** A selected row may not be reassigned by this user (canBeReassigned false or unknown). */
  notReassignable: 'notReassignable',
  /** The reassignable setting does not allow this mix of holders. */
  settingForbids: 'settingForbids',
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
 * one the user may reassign, and each row's reassignable setting allows the others with it.
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
  const ownLists = found.filter(
    (capability) => capability?.reassignableTo === ReassignableTo.reassignableUsers,
  ).length;
  for (const capability of found) {
    if (!capability) continue;
    const own = capability.reassignableTo === ReassignableTo.reassignableUsers ? 1 : 0;
    if (!reassignPermitted(capability.reassignableTo, ownLists - own)) {
      return BulkSelectionProblem.settingForbids;
    }
  }
  return null;
}
