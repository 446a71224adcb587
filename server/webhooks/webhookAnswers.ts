import type { Kysely } from 'kysely';
import type { AnswerValue } from '../../plugins/webhook-button/answerFields';
import type { DatabaseSchema } from '../db/schema';
import { formRepositoryFor } from '../forms/formRepository';
import { answeredVariablesOf } from './formWebhooks';

/** One answer to record: which task's button called which target, what came back. */
export interface WebhookAnswerRecord {
  readonly tenant: string;
  readonly taskId: string;
  readonly instanceId: string;
  readonly webhook: string;
  readonly calledBy: string;
  /** The target's whole answer. */
  readonly answer: Readonly<Record<string, unknown>>;
  /** The variables read from it. */
  readonly values: Readonly<Record<string, AnswerValue>>;
  readonly answeredAt: Date;
}

/** Records a target's answer to a task's button, the source of truth for its variables. */
export async function recordWebhookAnswer(
  db: Kysely<DatabaseSchema>,
  record: WebhookAnswerRecord,
): Promise<void> {
  await db
    .insertInto('webhook_answers')
    .values({
      tenant: record.tenant,
      task_id: record.taskId,
      instance_id: record.instanceId,
      webhook: record.webhook,
      called_by: record.calledBy,
      answer: JSON.stringify(record.answer),
      answer_values: JSON.stringify(record.values),
      answered_at: record.answeredAt,
    })
    .execute();
}

/** The task's latest recorded answer of each of these targets: its variables, by target. */
export async function latestAnswerValues(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  taskId: string,
  webhooks: readonly string[],
): Promise<Map<string, Readonly<Record<string, AnswerValue>>>> {
  const latest = new Map<string, Readonly<Record<string, AnswerValue>>>();
  if (webhooks.length === 0) return latest;
  const rows = await db
    .selectFrom('webhook_answers')
    .select(['webhook', 'answer_values'])
    .where('tenant', '=', tenant)
    .where('task_id', '=', taskId)
    .where('webhook', 'in', webhooks)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) if (!latest.has(row.webhook)) latest.set(row.webhook, row.answer_values);
  return latest;
}

/** What the completion of a task is checked with: the task and the values it keeps. */
export interface AnsweredTask {
  readonly id: string;
  readonly tenant: string;
  readonly form_key: string | null;
  /** The task's process version: its form is the version that one was deployed with. */
  readonly definition_id: string;
}

/**
 * The values a task completes with, its webhook answers as the server recorded them: every
 * variable a button of the task's form fills from its target's answer is taken from this
 * task's latest recorded answer of that target, whatever the browser sent for it, and left
 * out when the task has none (the case keeps what an earlier step recorded). A browser can
 * therefore neither forge a bureau score nor keep one the bureau never gave.
 */
export async function withRecordedAnswers(
  db: Kysely<DatabaseSchema>,
  task: AnsweredTask,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  if (task.form_key === null) return { ...values };
  const compiled = await formRepositoryFor(db).compiledForDefinition(
    task.tenant,
    task.form_key,
    task.definition_id,
  );
  if (!compiled) return { ...values };
  const answered = answeredVariablesOf(compiled.form);
  if (answered.size === 0) return { ...values };
  // 1. Nothing the browser sent for an answered variable is kept.
  const names = new Set([...answered.values()].flatMap((variables) => [...variables]));
  const kept = Object.entries(values).filter(([name]) => !names.has(name));
  // 2. The recorded answers fill them, each target's latest.
  const latest = await latestAnswerValues(db, task.tenant, task.id, [...answered.keys()]);
  const recorded: [string, unknown][] = [];
  for (const [webhook, variables] of answered) {
    const answer = latest.get(webhook);
    if (!answer) continue;
    for (const name of variables)
      if (Object.hasOwn(answer, name)) recorded.push([name, answer[name]]);
  }
  return Object.fromEntries([...kept, ...recorded]);
}
