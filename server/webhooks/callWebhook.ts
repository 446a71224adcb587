import type { Kysely } from 'kysely';
import {
  AnswerProblem,
  readAnswerFields,
  type AnswerFields,
} from '../../plugins/webhook-button/answerFields';
import { ErrorCode } from '../../schemas/api/common';
import type { WebhookCallBody, WebhookResult } from '../../schemas/api/webhooks';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine } from '../engine';
import { AppError } from '../errors';
import { requireEditableTask } from '../files/editableTask';
import { formRepositoryFor } from '../forms/formRepository';
import type { TaskActor } from '../workflow/taskActor';
import { answerFieldsFor, webhookNamesOf } from './formWebhooks';
import { targetUrl } from './targetUrl';
import { recordWebhookAnswer } from './webhookAnswers';

/** Most of a target's answer the server reads; a webhook answers a verdict, not a document. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Script error codes the server itself gives (the target's own codes pass through). */
export const WebhookScriptCode = {
  /** The configured URL is not an http(s) URL, or `{self}` cannot be resolved. */
  targetMisconfigured: 'TARGET_MISCONFIGURED',
  /** The target answered 2xx with something other than a JSON object. */
  invalidAnswer: 'INVALID_ANSWER',
  /** The target's answer was larger than the server reads. */
  answerTooLarge: 'ANSWER_TOO_LARGE',
  /** The answer lacks a part the button reads into the case. */
  answerFieldMissing: AnswerProblem.missing,
  /** A part the button reads is not a value a field can hold. */
  answerFieldInvalid: AnswerProblem.invalid,
} as const;

/** What a webhook call needs beyond the request. */
export interface WebhookContext {
  db: Kysely<DatabaseSchema>;
  /** Takes the variables read from an answer into the task's case. */
  engine: ProcessEngine;
  /** The time an answer is recorded at. */
  now: () => Date;
  actor: TaskActor;
  /** This server's own origin (`http://127.0.0.1:8080`), for `{self}`; undefined if unknown. */
  selfOrigin: string | undefined;
}

const result = (parts: Partial<WebhookResult>): WebhookResult => ({
  isSuccess: false,
  isServerError: false,
  isHttpError: false,
  httpErrorCode: null,
  isPreScriptError: false,
  scriptErrorCode: null,
  ...parts,
});

const httpError = (status: number) => result({ isHttpError: true, httpErrorCode: status });

const scriptError = (stage: 'prescript' | 'postscript', code: string) =>
  result({ isServerError: true, isPreScriptError: stage === 'prescript', scriptErrorCode: code });

/** The answer's text, at most MAX_ANSWER_BYTES; undefined when it is longer. */
async function readAnswer(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A 2xx answer read: its verdict and, on success, the JSON object it carried. */
interface Verdict {
  readonly result: WebhookResult;
  readonly answer?: Readonly<Record<string, unknown>>;
}

/**
 * The verdict of a 2xx answer. A target reports a failure of its own scripts as
 * `{ "scriptError": { "stage": "prescript" | "postscript", "code": "..." } }`; any other JSON
 * object is a success. An answer the server cannot read is a failure of the call's
 * postscript, the step that reads the answer.
 */
function verdict(text: string | undefined): Verdict {
  if (text === undefined) {
    return { result: scriptError('postscript', WebhookScriptCode.answerTooLarge) };
  }
  let answer: unknown;
  try {
    answer = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { result: scriptError('postscript', WebhookScriptCode.invalidAnswer) };
  }
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
    return { result: scriptError('postscript', WebhookScriptCode.invalidAnswer) };
  }
  const reported = (answer as { scriptError?: unknown }).scriptError;
  if (reported !== null && typeof reported === 'object') {
    const { stage, code } = reported as { stage?: unknown; code?: unknown };
    return {
      result: scriptError(
        stage === 'prescript' ? 'prescript' : 'postscript',
        typeof code === 'string' && code !== '' ? code.slice(0, 100) : 'SCRIPT_ERROR',
      ),
    };
  }
  return { result: result({ isSuccess: true }), answer: answer as Record<string, unknown> };
}

/**
 * The postscript of a button that reads its answer into the case: the variables its
 * `answerFields` name are read from the answer, recorded with the task (the record a
 * completion takes them from) and set on the case, so the next steps, reports and documents
 * read them even before the task is completed; the result carries them for the form to
 * show. An answer without a part the button reads is a postscript error, and nothing is
 * recorded.
 */
async function takeAnswer(
  context: WebhookContext,
  task: { readonly id: string; readonly instance_id: string },
  webhook: string,
  fields: AnswerFields,
  answer: Readonly<Record<string, unknown>>,
): Promise<WebhookResult> {
  const read = readAnswerFields(answer, fields);
  if (!read.ok) return scriptError('postscript', read.code);
  const { db, actor, engine } = context;
  await recordWebhookAnswer(db, {
    tenant: actor.tenant,
    taskId: task.id,
    instanceId: task.instance_id,
    webhook,
    calledBy: actor.userId,
    answer,
    values: read.values,
    answeredAt: context.now(),
  });
  await engine.setVariables(actor.tenant, task.instance_id, {
    userId: actor.userId,
    taskId: task.id,
    variables: read.values,
  });
  return result({ isSuccess: true, values: read.values });
}

/**
 * Presses a form's webhook button (spec 001 section 7): for a task the actor is filling in,
 * the tenant's target of that name is called with a JSON POST of the task's ids and the
 * form's current values. The server calls only the targets configured for the tenant
 * (`webhook_targets`), never a URL from the request, and only the ones the task's own form
 * has a button for: a name no button of the form names is a 422 WEBHOOK_NOT_ON_FORM (even
 * when the tenant has such a target, which another form's button calls), and a name the
 * tenant has no target for is a 404 WEBHOOK_NOT_CONFIGURED. The call has the target's time
 * limit and follows no redirect; what the target answers becomes a WebhookResult, never an
 * error of this call. A button with `answerFields` has its answer read into the case
 * (`takeAnswer`).
 */
export async function callWebhook(
  context: WebhookContext,
  body: WebhookCallBody,
): Promise<WebhookResult> {
  const { db, actor } = context;
  const task = await requireEditableTask(db, actor, body.taskId);
  const compiled =
    task.form_key === null
      ? undefined
      : await formRepositoryFor(db).compiledForDefinition(
          actor.tenant,
          task.form_key,
          task.definition_id,
        );
  if (!compiled || !webhookNamesOf(compiled.form).has(body.name)) {
    throw new AppError(
      422,
      ErrorCode.webhookNotOnForm,
      "The task's form has no button for this webhook.",
      { details: [{ path: 'body.name', code: 'webhook.notOnForm' }] },
    );
  }
  const target = await db
    .selectFrom('webhook_targets')
    .select(['url', 'timeout_ms', 'headers'])
    .where('tenant', '=', actor.tenant)
    .where('name', '=', body.name)
    .executeTakeFirst();
  if (!target) {
    throw new AppError(
      404,
      ErrorCode.webhookNotConfigured,
      'No webhook of that name is configured for this tenant.',
      { details: [{ path: 'body.name', code: 'webhook.notConfigured' }] },
    );
  }
  const fields = answerFieldsFor(compiled.form, body.name);
  const url = targetUrl(target.url, context.selfOrigin);
  if (!url) return scriptError('prescript', WebhookScriptCode.targetMisconfigured);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeout_ms),
      headers: {
        ...target.headers,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        webhook: body.name,
        tenant: actor.tenant,
        taskId: task.id,
        processInstanceId: task.instance_id,
        taskDefinitionKey: task.element_id,
        userId: actor.userId,
        values: body.values ?? {},
      }),
    });
  } catch (error) {
    // No answer in time is a gateway time-out; no answer at all a bad gateway.
    return httpError((error as Error).name === 'TimeoutError' ? 504 : 502);
  }
  let answer: Readonly<Record<string, unknown>>;
  try {
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      return httpError(response.status);
    }
    const read = verdict(await readAnswer(response));
    if (!read.answer || Object.keys(fields).length === 0) return read.result;
    answer = read.answer;
  } catch (error) {
    return httpError((error as Error).name === 'TimeoutError' ? 504 : 502);
  }
  return takeAnswer(context, task, body.name, fields, answer);
}
