// The addresses of the task and process-instance pages, for every screen that links to them
// (the dashboard, the instance page, the team detail, the start-process flows).

/** The path of a task page. */
export const taskPath = (taskId: string): string => `/process/task/${encodeURIComponent(taskId)}`;

/** The path of a process instance page. */
export const instancePath = (processInstanceId: string): string =>
  `/process/instance/${encodeURIComponent(processInstanceId)}`;
