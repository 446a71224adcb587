import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine, Task } from '../engine';
import { AppError } from '../errors';
import { requireValidSubmission } from '../forms/validateTaskSubmission';
import type { TaskActor } from '../policies/taskActor';
import { checkTaskCompletion } from '../routes/tasks/checkTaskCompletion';
import { claimTask, completeTask, type CompletionCheck } from '../workflow/taskActions';
import { recordWebhookAnswer } from '../webhooks/webhookAnswers';
import type { DemoBureauAnswer } from '../webhooks/demoBureauAnswer';

/**
 * The demo's people act through the same paths as the API's routes: a claim asks the task
 * policy (candidates, four eyes), a completion the policy and the form's checks, so a demo
 * case that a person could not have made stops the seed with the reason.
 */

/** What one task is completed with: by whom, which outcome, which values, how checked. */
export interface DemoCompletion {
  readonly userId: string;
  readonly outcome?: string;
  /** The part of a combined task that submits. */
  readonly formId?: string;
  readonly values: Record<string, unknown>;
  /**
   * `draft` for forms with a picture, a signature or an upload the demo has no file for:
   * every value is still checked and formulas recomputed, only required media may be empty.
   */
  readonly check?: 'submit' | 'draft';
  /** The credit bureau's answer to the form's button, pressed before submitting. */
  readonly bureau?: DemoBureauAnswer;
}

/** The check of a `draft` completion: the form's rules in draft mode, formulas recomputed. */
const draftCheck: CompletionCheck = async (db, task, submission) =>
  (
    await requireValidSubmission(db, task.tenant, task, submission.values, {
      mode: 'draft',
      ...(submission.formId === undefined ? {} : { formId: submission.formId }),
    })
  ).values;

/** The demo's people of one tenant as the routes see them: with their stored privileges. */
export class DemoActors {
  private readonly known = new Map<string, TaskActor>();

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly engine: ProcessEngine,
    private readonly tenant: string,
  ) {}

  /** The user `userId` of the tenant, as a signed-in session would carry them. */
  async actor(userId: string): Promise<TaskActor> {
    const known = this.known.get(userId);
    if (known) return known;
    const user = await this.db
      .selectFrom('users')
      .select('privileges')
      .where('tenant', '=', this.tenant)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new Error(`The demo needs the user ${userId} in ${this.tenant}.`);
    const actor: TaskActor = { tenant: this.tenant, userId, privileges: user.privileges };
    this.known.set(userId, actor);
    return actor;
  }

  /** `userId` claims a pool task, as a candidate would from their list. */
  async claim(task: Task, userId: string): Promise<void> {
    await claimTask(this.db, this.engine, await this.actor(userId), task.id);
  }

  /**
   * The stand-in credit bureau's answer to the application form's button, recorded with the
   * task and set on the case as the button's call does; the completion takes it from there.
   */
  async recordBureauAnswer(task: Task, userId: string, answer: DemoBureauAnswer): Promise<void> {
    const values = {
      bureauScore: answer.score,
      bureauBand: answer.band,
      bureauCheckedAt: answer.checkedAt,
      bureauReference: answer.reference,
    };
    await recordWebhookAnswer(this.db, {
      tenant: this.tenant,
      taskId: task.id,
      instanceId: task.instanceId,
      webhook: 'credit-check',
      calledBy: userId,
      answer: { ...answer },
      values,
      answeredAt: new Date(answer.checkedAt),
    });
    await this.engine.setVariables(this.tenant, task.instanceId, {
      userId,
      taskId: task.id,
      variables: values,
    });
  }

  /**
   * Completes a task as `completion.userId`, claiming it first when it is in the pool
   * (`afterClaim` runs between the two, to move a demo clock) and pressing the bureau
   * button when the completion carries its answer. Throws naming the case, the task and
   * every problem the checks found.
   */
  async complete(
    task: Task,
    completion: DemoCompletion,
    caseLabel: string,
    afterClaim: () => void = () => undefined,
  ): Promise<void> {
    try {
      if (task.assignee === null) await this.claim(task, completion.userId);
      afterClaim();
      if (completion.bureau)
        await this.recordBureauAnswer(task, completion.userId, completion.bureau);
      await completeTask(
        this.db,
        this.engine,
        await this.actor(completion.userId),
        task.id,
        {
          values: completion.values,
          ...(completion.outcome === undefined ? {} : { outcome: completion.outcome }),
          ...(completion.formId === undefined ? {} : { formId: completion.formId }),
        },
        completion.check === 'draft' ? draftCheck : checkTaskCompletion,
      );
    } catch (error) {
      // Name the task and every problem, so a changed form or rule is fixed where it shows.
      const details =
        error instanceof AppError ? ` ${error.code} ${JSON.stringify(error.details ?? [])}` : '';
      throw new Error(
        `The demo case ${caseLabel} could not complete ${task.elementId}:${details}`,
        {
          cause: error,
        },
      );
    }
  }
}
