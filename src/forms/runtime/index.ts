/** The task page's form, loaded lazily by the task page's form slot. */
export { TaskPageForm } from '../taskPage/TaskPageForm';
