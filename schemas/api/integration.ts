import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../forms/stringEnum';
import { routePatterns } from './apiRoute';
import {
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
  createdBy: Type.String(),
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
