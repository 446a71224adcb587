import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_NAME_PATTERN } from './webhooksConstants';

export * from './webhooksConstants';

/**
 * `POST /api/task/webhook` body: which configured target to call, for which task, with the
 * form's current values (sent to the target as they are; the target gets no URL or header
 * from the browser).
 */
export const WebhookCallBody = Type.Object(
  {
    name: Type.String({ pattern: WEBHOOK_NAME_PATTERN }),
    taskId: Type.String({ minLength: 1, maxLength: 100 }),
    values: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type WebhookCallBody = Static<typeof WebhookCallBody>;

/**
 * The outcome of a webhook call (spec 001 section 3, "Webhook result"). Exactly one of
 * `isSuccess`, `isHttpError` and `isServerError` is true. `isHttpError`: the target answered
 * with a status other than 2xx (`httpErrorCode`; a redirect is not followed and counts too;
 * 502 when it could not be reached, 504 when it did not answer in time). `isServerError`: a
 * script of the call failed, before the request (`isPreScriptError`, the prescript) or after
 * it (the postscript), with the target's code in `scriptErrorCode`. `values`: on success of
 * a button that reads its answer (`config.answerFields`), the variables the server took from
 * the answer and recorded for the task, by name (the form's read-only fields show them).
 */
export const WebhookResult = Type.Object({
  isSuccess: Type.Boolean(),
  isServerError: Type.Boolean(),
  isHttpError: Type.Boolean(),
  httpErrorCode: Type.Union([Type.Integer(), Type.Null()]),
  isPreScriptError: Type.Boolean(),
  scriptErrorCode: Type.Union([Type.String(), Type.Null()]),
  values: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    ),
  ),
});
export type WebhookResult = Static<typeof WebhookResult>;

/** `POST /api/task/webhook` answer. */
export const WebhookCallAnswer = Type.Object({ result: WebhookResult });
export type WebhookCallAnswer = Static<typeof WebhookCallAnswer>;
