/** How the task page shows a task (spec 000 section 2: the optional processInstanceId). */
export const TaskViewType = {
  /** Opened from a list: back returns to the dashboard (or the team view). */
  task: 'task',
  /** Opened as part of its process instance: back returns to the instance. */
  instance: 'instance',
} as const;
/** One of `TaskViewType`. */
export type TaskViewType = (typeof TaskViewType)[keyof typeof TaskViewType];

/** The view type for the route's optional processInstanceId. */
export function taskViewType(processInstanceId: string | null | undefined): TaskViewType {
  return processInstanceId && processInstanceId.trim() !== ''
    ? TaskViewType.instance
    : TaskViewType.task;
}
