import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../forms/stringEnum';
import { routePatterns } from './apiRoute';
import {
  EXTERNAL_TASK_BOUNDS,
  ExternalTaskAdminPath,
  INTEGRATION_CLIENT_NAME_MAX,
  INTEGRATION_VARIABLES_MAX,
  IntegrationClientPath,
  IntegrationPath,
  IntegrationScope,
  MESSAGE_NAME_MAX,
} from './integrationConstants';
import { JsonObject } from './tasks';

export * from './integrationConstants';

/** Route patterns of the integration calls, as the server registers them. */
export const IntegrationRoute = routePatterns(IntegrationPath);
/** Route patterns of the administrators' client calls. */
export const IntegrationClientRoute = routePatterns(IntegrationClientPath);
/** Route patterns of the administrators' external task calls. */
export const ExternalTaskAdminRoute = routePatterns(ExternalTaskAdminPath);

/** A one-line text with something in it: no control characters, not only spaces. */
const OneLine = (maxLength: number) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$',
  });

/** The scopes a client is given: at least one, each once. */
const Scopes = Type.Array(StringEnum(Object.values(IntegrationScope)), {
  minItems: 1,
  maxItems: Object.values(IntegrationScope).length,
  uniqueItems: true,
});

/** `POST clients` body: what the client is called (its system) and what it may do. */
export const CreateIntegrationClientBody = Type.Object(
  { name: OneLine(INTEGRATION_CLIENT_NAME_MAX), scopes: Scopes },
  { additionalProperties: false },
);
export type CreateIntegrationClientBody = Static<typeof CreateIntegrationClientBody>;

/** A client as administrators see it; never its secret. */
export const IntegrationClient = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  /** The id of the administrator who made it. */
  createdBy: Type.String(),
  /** That administrator's name; null once they are no longer a user of the tenant. */
  createdByName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type IntegrationClient = Static<typeof IntegrationClient>;

/** `GET clients` answer, newest first. */
export const IntegrationClientsAnswer = Type.Object({ data: Type.Array(IntegrationClient) });
export type IntegrationClientsAnswer = Static<typeof IntegrationClientsAnswer>;

/** `POST clients` answer: the client and its bearer token, shown this once and never again. */
export const CreatedIntegrationClientAnswer = Type.Object({
  data: Type.Object({ client: IntegrationClient, token: Type.String() }),
});
export type CreatedIntegrationClientAnswer = Static<typeof CreatedIntegrationClientAnswer>;

/** Params of a call on one client. */
export const IntegrationClientParams = Type.Object({
  clientId: Type.String({ minLength: 1, maxLength: 40 }),
});
export type IntegrationClientParams = Static<typeof IntegrationClientParams>;

/** `POST revoke` answer: the client as it now stands. */
export const IntegrationClientAnswer = Type.Object({ data: IntegrationClient });
export type IntegrationClientAnswer = Static<typeof IntegrationClientAnswer>;

/**
 * `POST messages` body: the message's name as the process's `<message name>` says it, and
 * which case it is for (its id or business key); without either, the oldest case waiting
 * for it takes it, or the process it starts is started. `variables` are set on the case first.
 */
export const SendMessageBody = Type.Object(
  {
    messageName: OneLine(MESSAGE_NAME_MAX),
    processInstanceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    businessKey: Type.Optional(OneLine(255)),
    variables: Type.Optional(JsonObject(INTEGRATION_VARIABLES_MAX)),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** `POST messages` answer: the case that took the message, or the one it started. */
export const SendMessageAnswer = Type.Object({
  data: Type.Object({
    processInstanceId: Type.String(),
    businessKey: Type.Union([Type.String(), Type.Null()]),
    ended: Type.Boolean(),
  }),
});
export type SendMessageAnswer = Static<typeof SendMessageAnswer>;

const WorkerId = OneLine(EXTERNAL_TASK_BOUNDS.workerIdLength);
const TopicName = Type.String({
  minLength: 1,
  maxLength: EXTERNAL_TASK_BOUNDS.topicNameLength,
  pattern: '^[A-Za-z0-9_.:-]+$',
});

/** One topic a worker serves: how long it locks a task, and which variables it needs. */
export const FetchTopic = Type.Object(
  {
    topicName: TopicName,
    /** Milliseconds the lock lasts. */
    lockDuration: Type.Integer(EXTERNAL_TASK_BOUNDS.lockDuration),
    /** Only these variables are sent; all of them without the list. */
    variables: Type.Optional(
      Type.Array(
        Type.String({ minLength: 1, maxLength: EXTERNAL_TASK_BOUNDS.variableNameLength }),
        {
          maxItems: EXTERNAL_TASK_BOUNDS.variableNames,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

/** `POST fetch-and-lock` body, as Camunda's external task client sends it. */
export const FetchAndLockBody = Type.Object(
  {
    workerId: WorkerId,
    maxTasks: Type.Integer({ minimum: 1, maximum: EXTERNAL_TASK_BOUNDS.maxTasks }),
    topics: Type.Array(FetchTopic, { minItems: 1, maxItems: EXTERNAL_TASK_BOUNDS.topics }),
  },
  { additionalProperties: false },
);
export type FetchAndLockBody = Static<typeof FetchAndLockBody>;

/** An external task as workers and administrators see it (Camunda's names). */
export const ExternalTaskItem = Type.Object({
  id: Type.String(),
  topicName: Type.String(),
  processInstanceId: Type.String(),
  businessKey: Type.Union([Type.String(), Type.Null()]),
  processDefinitionKey: Type.String(),
  /** The BPMN id of the service task. */
  activityId: Type.String(),
  workerId: Type.Union([Type.String(), Type.Null()]),
  lockExpirationTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Attempts left as last reported; null before any failure; 0: an incident. */
  retries: Type.Union([Type.Integer(), Type.Null()]),
  errorMessage: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ExternalTaskItem = Static<typeof ExternalTaskItem>;

/** A locked task with the variables its worker needs. */
export const LockedExternalTaskItem = Type.Intersect([
  ExternalTaskItem,
  Type.Object({ variables: Type.Record(Type.String(), Type.Unknown()) }),
]);
export type LockedExternalTaskItem = Static<typeof LockedExternalTaskItem>;

/** `POST fetch-and-lock` answer: the tasks now locked for the worker (maybe none). */
export const FetchAndLockAnswer = Type.Object({ data: Type.Array(LockedExternalTaskItem) });
export type FetchAndLockAnswer = Static<typeof FetchAndLockAnswer>;

/** Params of a call on one external task. */
export const ExternalTaskParams = Type.Object({
  externalTaskId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ExternalTaskParams = Static<typeof ExternalTaskParams>;

/** `POST complete` body: the worker holding the lock and the variables it sets. */
export const CompleteExternalTaskBody = Type.Object(
  { workerId: WorkerId, variables: Type.Optional(JsonObject(INTEGRATION_VARIABLES_MAX)) },
  { additionalProperties: false },
);
export type CompleteExternalTaskBody = Static<typeof CompleteExternalTaskBody>;

/** `POST complete` answer: the case it moved on, and whether that ended it. */
export const CompleteExternalTaskAnswer = Type.Object({
  data: Type.Object({ processInstanceId: Type.String(), ended: Type.Boolean() }),
});
export type CompleteExternalTaskAnswer = Static<typeof CompleteExternalTaskAnswer>;

/**
 * `POST failure` body: what went wrong, the attempts left (0 makes it an incident for an
 * administrator) and how long until it may be fetched again, in milliseconds.
 */
export const FailExternalTaskBody = Type.Object(
  {
    workerId: WorkerId,
    errorMessage: Type.String({ minLength: 1, maxLength: EXTERNAL_TASK_BOUNDS.errorMessageLength }),
    retries: Type.Integer({ minimum: 0, maximum: EXTERNAL_TASK_BOUNDS.retries }),
    retryTimeout: Type.Integer({ minimum: 0, maximum: EXTERNAL_TASK_BOUNDS.retryTimeout }),
  },
  { additionalProperties: false },
);
export type FailExternalTaskBody = Static<typeof FailExternalTaskBody>;

/** `POST extend-lock` body: the new lock, from now, in milliseconds. */
export const ExtendExternalTaskLockBody = Type.Object(
  { workerId: WorkerId, newDuration: Type.Integer(EXTERNAL_TASK_BOUNDS.lockDuration) },
  { additionalProperties: false },
);
export type ExtendExternalTaskLockBody = Static<typeof ExtendExternalTaskLockBody>;

/** Answer of a failure, a lock extension or a retry: the task as it now stands. */
export const ExternalTaskAnswer = Type.Object({ data: ExternalTaskItem });
export type ExternalTaskAnswer = Static<typeof ExternalTaskAnswer>;

/** `GET external-tasks` query of administrators. */
export const ExternalTasksQuery = Type.Object(
  {
    failedOnly: Type.Optional(Type.Boolean()),
    topicName: Type.Optional(TopicName),
  },
  { additionalProperties: false },
);
export type ExternalTasksQuery = Static<typeof ExternalTasksQuery>;

/** `GET external-tasks` answer, oldest first (at most 1,000). */
export const ExternalTasksAnswer = Type.Object({ data: Type.Array(ExternalTaskItem) });
export type ExternalTasksAnswer = Static<typeof ExternalTasksAnswer>;

/** `POST retries` body: the attempts the task gets again. */
export const SetExternalTaskRetriesBody = Type.Object(
  { retries: Type.Integer({ minimum: 1, maximum: EXTERNAL_TASK_BOUNDS.retries }) },
  { additionalProperties: false },
);
export type SetExternalTaskRetriesBody = Static<typeof SetExternalTaskRetriesBody>;

/** `POST signals` body: the signal's name as `<signal name>` says it, and variables for every case it reaches. */
export const SendSignalBody = Type.Object(
  {
    signalName: OneLine(MESSAGE_NAME_MAX),
    variables: Type.Optional(JsonObject(INTEGRATION_VARIABLES_MAX)),
  },
  { additionalProperties: false },
);
export type SendSignalBody = Static<typeof SendSignalBody>;

/** `POST signals` answer: how many waits it reached and the cases it started; none is no error. */
export const SendSignalAnswer = Type.Object({
  data: Type.Object({
    signalName: Type.String(),
    waitsReached: Type.Integer(),
    instancesStarted: Type.Integer(),
    startedInstanceIds: Type.Array(Type.String()),
  }),
});
export type SendSignalAnswer = Static<typeof SendSignalAnswer>;
