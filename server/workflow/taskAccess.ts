// Who may read a task or a process instance is the task policy's first rule
// (server/policies/taskPolicy.ts); this module keeps the names the other areas import it by.
export {
  findTask,
  requireVisibleInstance,
  requireVisibleTask,
  visibleInstanceIds,
  type StoredTask,
} from '../policies/taskPolicy';
