// The processes API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

import { apiRoute } from './apiRoute';

/**
 * Process calls, one place for both sides. The app-definitions path is the spec's; the
 * others are not shown there (spec 000 section 7) and follow Flowable's REST names.
 */
export const ProcessPath = {
  /** GET: the processes the user may start (the start-process drawer). */
  appDefinitions: '/api/task/v1/app-definitions',
  /** GET `?latest=true&appDefinitionKey=`: definitions of one app key (the new-application screen). */
  processDefinitions: '/api/task/app/rest/process-definitions',
  /** POST: start a process instance. */
  processInstances: '/api/task/app/rest/process-instances',
  /** GET: one process instance. */
  processInstance: apiRoute('/api/task/app/rest/process-instances/:processInstanceId'),
  /** GET `?taskId=`: the variables of an instance (and of one of its tasks). */
  variables: apiRoute('/api/task/app/rest/query/variables/:processInstanceId'),
  /**
   * DELETE with body `{ reason }`: withdraw a running instance (spec 001 section 7,
   * `DELETE processInstanceExtended/{id}`; the path is spec 000's declared
   * `/process-instance-extended/` under the other process calls' prefix).
   */
  processInstanceExtended: apiRoute(
    '/api/task/app/rest/process-instance-extended/:processInstanceId',
  ),
} as const;

/** Longest reason for withdrawing an instance, counted in characters after trimming. */
export const WITHDRAW_REASON_MAX = 500;
