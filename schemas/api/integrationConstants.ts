// The integration API's paths, scopes and limits, without any schema: what outside systems
// call with a client's bearer token, and what administrators call to manage the clients.

import { apiRoute } from './apiRoute';

/** What an integration client may do; each call names the one it needs. */
export const IntegrationScope = {
  /** Send messages and signals to waiting cases (or start the processes they start). */
  messages: 'messages',
  /** Fetch, lock, complete and fail the external tasks of the tenant's processes. */
  externalTasks: 'external-tasks',
} as const;
export type IntegrationScope = (typeof IntegrationScope)[keyof typeof IntegrationScope];

/**
 * Calls of outside systems, authenticated by `Authorization: Bearer <client id>.<secret>`
 * only (never a session cookie), within the tenant of the host called. Named after
 * Camunda's and Flowable's REST calls (`message`, `external-task/fetchAndLock`).
 */
export const IntegrationPath = {
  /** POST: a message to the case waiting for it, or the start of the process it starts. */
  messages: '/api/integration/v1/messages',
  /** POST: a signal to every case of the tenant waiting for it, and the processes it starts. */
  signals: '/api/integration/v1/signals',
  /** POST: lock up to `maxTasks` external tasks of the topics named, oldest first. */
  fetchAndLock: '/api/integration/v1/external-tasks/fetch-and-lock',
  /** POST: the locking worker completes the task; the case moves on. */
  complete: apiRoute('/api/integration/v1/external-tasks/:externalTaskId/complete'),
  /** POST: the locking worker reports a failure and how many attempts are left. */
  failure: apiRoute('/api/integration/v1/external-tasks/:externalTaskId/failure'),
  /** POST: the locking worker needs longer. */
  extendLock: apiRoute('/api/integration/v1/external-tasks/:externalTaskId/extend-lock'),
} as const;

/** Administrators' calls on external tasks (access-admin): the incidents and their retry. */
export const ExternalTaskAdminPath = {
  /** GET: the tenant's external tasks, oldest first; `failedOnly=true` for the incidents. */
  externalTasks: '/api/admin/v1/external-tasks',
  /** POST: give a task attempts again, so workers fetch it once more. */
  retries: apiRoute('/api/admin/v1/external-tasks/:externalTaskId/retries'),
} as const;

/** Bounds of the external task calls (the engine checks them again). */
export const EXTERNAL_TASK_BOUNDS = {
  maxTasks: 100,
  topics: 100,
  topicNameLength: 100,
  workerIdLength: 100,
  /** Milliseconds: a lock lasts one second to one day. */
  lockDuration: { min: 1_000, max: 86_400_000 },
  retries: 100,
  /** Milliseconds: a retry waits up to a week. */
  retryTimeout: 7 * 86_400_000,
  /** Longer failure messages are accepted and kept cut to the engine's 2,000 characters. */
  errorMessageLength: 10_000,
  variableNames: 1_000,
  variableNameLength: 200,
} as const;

/** Administrators' calls for the integration clients (access-admin). */
export const IntegrationClientPath = {
  /** GET: every client of the tenant. POST: a new client; its token is answered once. */
  clients: '/api/admin/v1/integration-clients',
  /** POST (no body): revoke a client; its token stops working at once. */
  revoke: apiRoute('/api/admin/v1/integration-clients/:clientId/revoke'),
} as const;

/** Longest client name. */
export const INTEGRATION_CLIENT_NAME_MAX = 100;
/** Longest message or signal name (Flowable and Camunda names are ids or short texts). */
export const MESSAGE_NAME_MAX = 200;
/** Most variables one call may set. */
export const INTEGRATION_VARIABLES_MAX = 200;
/** Largest body of an integration call, in bytes. */
export const INTEGRATION_BODY_LIMIT = 256 * 1024;
