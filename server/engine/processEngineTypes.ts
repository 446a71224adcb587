import type { Variables } from './expressionAst';
import type { ProcessModel } from './processModel';

/** One deployed version of a process. */
export interface ProcessDefinition {
  readonly id: string;
  readonly tenant: string;
  readonly key: string;
  readonly name: string;
  /** 1 for the first deployment of a key, then one more per changed deployment. */
  readonly version: number;
  readonly category: string;
  readonly description: string | null;
  readonly deployedAt: Date;
  readonly model: ProcessModel;
}

/** The spec's instance status: 'On-going' until the last token is gone. */
export type ProcessInstanceStatus = 'On-going' | 'Completed';

/** A process instance with the definition facts the API shows beside it. */
export interface ProcessInstance {
  readonly id: string;
  readonly tenant: string;
  readonly name: string;
  readonly businessKey: string | null;
  readonly definitionId: string;
  readonly definitionKey: string;
  readonly definitionName: string;
  readonly definitionDescription: string | null;
  readonly definitionCategory: string;
  readonly definitionVersion: number;
  readonly startedBy: string;
  readonly startedAt: Date;
  readonly endedAt: Date | null;
  readonly status: ProcessInstanceStatus;
  readonly variables: Variables;
  /** Optimistic-lock counter, bumped on every change. */
  readonly version: number;
}

/** A user task, open or completed. */
export interface Task {
  readonly id: string;
  readonly tenant: string;
  readonly instanceId: string;
  readonly definitionId: string;
  /** The BPMN id of the user task in the definition. */
  readonly elementId: string;
  readonly name: string;
  readonly formKey: string | null;
  readonly assignee: string | null;
  readonly createdAt: Date;
  readonly dueDate: Date | null;
  readonly state: 'open' | 'completed';
  readonly completedAt: Date | null;
  readonly completedBy: string | null;
  readonly outcome: string | null;
  /** Task-local values: a draft while open, what was submitted once completed. */
  readonly variables: Variables;
  readonly initiatorCanCompleteTask: boolean;
  readonly seenByAssignee: boolean;
  readonly priority: number;
}

/** Who may claim a task, as written to `task_candidates`. */
export interface TaskCandidates {
  readonly users: readonly string[];
  readonly groups: readonly string[];
}
