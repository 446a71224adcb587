// The engine's public surface; the rest of the server imports from here only.
export { ProcessEngine } from './ProcessEngine';
export { JobScheduler } from './runner/JobScheduler';
export type { JobSchedulerOptions } from './runner/JobScheduler';
export type {
  AssignTaskInput,
  CompleteExternalTaskInput,
  CompleteTaskInput,
  CorrelateMessageInput,
  DeployedDefinition,
  DeployFolderResult,
  ExtendExternalTaskLockInput,
  ExternalTask,
  ExternalTaskFilter,
  ExternalTaskTopicRequest,
  FailExternalTaskInput,
  FetchExternalTasksInput,
  LockedExternalTask,
  JobFiring,
  EngineListener,
  ProcessEndedEvent,
  ProcessEngineOptions,
  SendSignalInput,
  SetTaskDueDateInput,
  SignalSent,
  StartProcessInput,
  TaskAssignedEvent,
  TaskCancelledEvent,
  TaskCompletedEvent,
  TaskCreatedEvent,
  TaskDueDateChangedEvent,
} from './processEngineTypes';
export type {
  ProcessDefinition,
  ProcessInstance,
  ProcessInstanceStatus,
  Task,
  TaskCandidates,
} from './processEngineTypes';
export {
  registerServiceHandler,
  serviceHandlers,
  ServiceHandlerRegistry,
} from './ServiceHandlerRegistry';
export type { ServiceHandler, ServiceTaskContext } from './ServiceHandlerRegistry';
export {
  ConflictError,
  DefinitionRefusedError,
  EngineError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  ProcessExecutionError,
} from './engineErrors';
export type { DeployError } from './engineErrors';
export { RetiredDefinitionError } from './engineErrors';
export type { DefinitionCheck, DeployOptions } from './commands/EngineDeployer';
export type { FormSource } from './commands/checkProcessForms';
export type { DeployWarning } from './parse/extensionDialects';
export { claimableCondition, claimTaskIds, groundTaskIds } from './claimRule';
export type { ClaimableTaskColumns, ClaimScope, ValueOrRef } from './claimRule';
export { parseProcessDefinition } from './parse/parseProcessDefinition';
export type { DueDateFrom, ProcessModel, ProcessNode, UserTaskNode } from './processModel';
export type { EngineTables } from './engineTables';
export type { JsonValue, Variables } from './expressions/expressionAst';
export { EXTERNAL_TASK_LIMITS } from './commands/externalTaskInput';
