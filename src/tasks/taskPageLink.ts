/**
 * What a link to the task page may carry in the router's state (not in the address, so a
 * copied link never carries it): `canChangeAssignee` is spec 001's can-change-assignee flag,
 * set where a supervisor opens a team member's task from the team view.
 */
export interface TaskPageLinkState {
  readonly canChangeAssignee?: boolean;
}

/** Whether a task page was opened with the can-change-assignee flag. */
export function canChangeAssigneeFrom(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as TaskPageLinkState).canChangeAssignee === true
  );
}
