import { ProcessPath } from '../../schemas/api/processesConstants';
import type {
  AppDefinition,
  AppDefinitionsAnswer,
  CreateProcessInstanceAnswer,
  CreateProcessInstanceBody,
  ProcessDefinitionsAnswer,
  ProcessDefinitionSummary,
  InstanceWithdrawal,
  ProcessInstanceDetail,
  VariablesAnswer,
  WithdrawInstanceAnswer,
  WithdrawInstanceBody,
} from '../../schemas/api/processes';
import { formatStamp } from '../core/format';
import { http, sendKeyedWrite } from './httpClient';

export { WITHDRAW_REASON_MAX } from '../../schemas/api/processesConstants';

export type {
  AppDefinition,
  CreateProcessInstanceBody,
  InstanceWithdrawal,
  ProcessDefinitionSummary,
  ProcessInstanceDetail,
  VariablesAnswer,
  WithdrawInstanceAnswer,
};

/** The processes the user may start, by name. */
export async function fetchAppDefinitions(): Promise<AppDefinition[]> {
  const response = await http.get<AppDefinitionsAnswer>(ProcessPath.appDefinitions);
  return response.data.data;
}

/** The latest definition of an app key, or null when none is deployed. */
export async function fetchLatestDefinition(
  appDefinitionKey: string,
): Promise<ProcessDefinitionSummary | null> {
  const response = await http.get<ProcessDefinitionsAnswer>(ProcessPath.processDefinitions, {
    params: { latest: true, appDefinitionKey },
  });
  return response.data.data[0] ?? null;
}

/** Starts an instance and answers its id (`data.id`). */
export async function startProcess(request: CreateProcessInstanceBody): Promise<string> {
  const response = await sendKeyedWrite<CreateProcessInstanceAnswer>({
    method: 'POST',
    url: ProcessPath.processInstances,
    data: request,
  });
  return response.data.data.id;
}

/**
 * The name of a new instance: the definition's name and the moment as `YYYY-MM-DD HH:mm`.
 * A process that declares a case name is named by its case on the server instead.
 */
export function newInstanceName(definitionName: string, now: Date = new Date()): string {
  return `${definitionName} ${formatStamp(now)}`;
}

/** One process instance; a 404 rejects with `NotFoundError`. */
export async function fetchProcessInstance(id: string): Promise<ProcessInstanceDetail> {
  const response = await http.get<ProcessInstanceDetail>(ProcessPath.processInstance(id));
  return response.data;
}

/** The variables of an instance, with one task's own values when `taskId` is given. */
export async function fetchProcessVariables(id: string, taskId?: string): Promise<VariablesAnswer> {
  const response = await http.get<VariablesAnswer>(ProcessPath.variables(id), {
    params: taskId ? { taskId } : undefined,
  });
  return response.data;
}

/** Withdraws a running instance with the reason given; answers who withdrew it, when and why. */
export async function withdrawProcessInstance(
  id: string,
  reason: string,
): Promise<WithdrawInstanceAnswer> {
  const body: WithdrawInstanceBody = { reason };
  const response = await http.delete<WithdrawInstanceAnswer>(
    ProcessPath.processInstanceExtended(id),
    { data: body },
  );
  return response.data;
}
