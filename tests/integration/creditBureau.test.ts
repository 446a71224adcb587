import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormPath, type CombinedTaskAnswer, type TaskFormAnswer } from '../../schemas/api/forms';
import { TaskPath } from '../../schemas/api/tasksConstants';
import {
  WebhookPath,
  type WebhookCallAnswer,
  type WebhookResult,
} from '../../schemas/api/webhooks';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import {
  deployFormProcesses,
  makeFormTask,
  openTaskOf,
  storedTask,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { startLoanApplication } from '../helpers/loanApplication';
import type { IdentityClient } from './identityClient';

/** The variables the loan application's credit bureau button fills. */
const BUREAU_VARIABLES = ['bureauScore', 'bureauBand', 'bureauCheckedAt', 'bureauReference'];

/** What a browser that wants a better case sends back. */
const FORGED = {
  bureauScore: 850,
  bureauBand: 'A',
  bureauCheckedAt: '2026-01-01T00:00:00.000Z',
  bureauReference: 'CB-2026-FORGED0000',
};

const REFERENCE = /^CB-\d{4}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/;

describe('the credit bureau check on the loan application', () => {
  const shared = setUpTestServer();
  let lucas: IdentityClient;
  let javier: IdentityClient;

  beforeAll(async () => {
    lucas = await signIn(shared.server, EMAIL.lmartin);
    javier = await signIn(shared.server, EMAIL.jmorales);
  });

  /** Lucas's new loan application task, for an applicant of that name. */
  const application = async (applicantName: string) =>
    startLoanApplication(shared.server, 'lmartin', applicantName);

  /** Presses the form's credit bureau button with these form values. */
  const check = async (taskId: string, values: Record<string, unknown>): Promise<WebhookResult> => {
    const response = await call(lucas, 'POST', WebhookPath.call, {
      name: 'credit-check',
      taskId,
      values,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WebhookCallAnswer>().result;
  };

  const submit = (taskId: string, values: Record<string, unknown>) =>
    call(lucas, 'POST', TaskPath.complete(taskId), { outcome: 'submitApplication', values });

  const instanceVariables = (instanceId: string) =>
    shared.server.app.engine.getVariables('internal', instanceId);

  const recordedAnswers = (taskId: string) =>
    shared.server.database.db
      .selectFrom('webhook_answers')
      .selectAll()
      .where('tenant', '=', 'internal')
      .where('task_id', '=', taskId)
      .orderBy('id')
      .execute();

  it('given a filled-in application, when the officer runs the check, then the answer carries score, band, time and reference, derived from the applicant, and the case holds it at once', async () => {
    const { instance, task } = await application('Ada Lovelace');
    const before = Date.now();

    const result = await check(task.id, VALID_APPLICATION);

    expect(result).toMatchObject({ isSuccess: true, isHttpError: false, isServerError: false });
    // 25 000 against a year of 4 000 a month: the demo's one scoring rule gives 716, band B.
    expect(result.values).toMatchObject({ bureauScore: 716, bureauBand: 'B' });
    expect(result.values?.bureauReference).toMatch(REFERENCE);
    const checkedAt = String(result.values?.bureauCheckedAt);
    expect(new Date(checkedAt).toISOString()).toBe(checkedAt);
    expect(Date.parse(checkedAt)).toBeGreaterThanOrEqual(before - 1_000);
    // Recorded by the server, and on the case before the task is even saved.
    const [recorded] = await recordedAnswers(task.id);
    expect(recorded).toMatchObject({
      webhook: 'credit-check',
      called_by: 'lmartin',
      instance_id: instance.id,
      answer_values: result.values,
    });
    expect(await instanceVariables(instance.id)).toMatchObject(result.values ?? {});
    const form = await call(lucas, 'GET', FormPath.taskForm(task.id));
    expect(form.json<TaskFormAnswer>().values).toMatchObject(result.values ?? {});
  });

  it('given a checked application, when the officer saves and completes it with forged bureau values, then the case and the completed task hold what the bureau answered', async () => {
    const { instance, task } = await application('Grace Hopper');
    const answer = await check(task.id, VALID_APPLICATION);
    const draft = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { ...VALID_APPLICATION, ...FORGED },
    });
    expect(draft.statusCode, draft.body).toBe(200);

    const completed = await submit(task.id, { ...VALID_APPLICATION, ...FORGED });

    expect(completed.statusCode, completed.body).toBe(200);
    const variables = await instanceVariables(instance.id);
    expect(variables).toMatchObject(answer.values ?? {});
    expect(variables.bureauReference).not.toBe(FORGED.bureauReference);
    expect((await storedTask(shared.server, task.id)).variables).toMatchObject(answer.values ?? {});
  });

  it('given two checks of one task, when it completes, then the later answer is the one kept, each with a reference of its own', async () => {
    const { instance, task } = await application('Edsger Dijkstra');
    const first = await check(task.id, { ...VALID_APPLICATION, monthlyIncome: 1_500 });
    const second = await check(task.id, VALID_APPLICATION);
    expect(first.values).toMatchObject({ bureauScore: 542, bureauBand: 'E' });
    expect(second.values?.bureauReference).not.toBe(first.values?.bureauReference);

    expect((await submit(task.id, { ...VALID_APPLICATION, ...first.values })).statusCode).toBe(200);

    expect(await instanceVariables(instance.id)).toMatchObject(second.values ?? {});
    expect((await recordedAnswers(task.id)).map((row) => row.answer_values)).toEqual([
      first.values,
      second.values,
    ]);
  });

  it('given an application nobody checked, when completed with forged bureau values, then the case holds no bureau answer at all', async () => {
    const { instance, task } = await application('Barbara Liskov');

    expect((await submit(task.id, { ...VALID_APPLICATION, ...FORGED })).statusCode).toBe(200);

    const variables = await instanceVariables(instance.id);
    for (const name of BUREAU_VARIABLES) expect(variables).not.toHaveProperty(name);
  });

  it('given a checked and submitted application, when the reviewer opens the combined review, then the application part shows the bureau answer', async () => {
    const { instance, task } = await application('Alan Turing');
    const answer = await check(task.id, VALID_APPLICATION);
    expect((await submit(task.id, VALID_APPLICATION)).statusCode).toBe(200);
    const review = await openTaskOf(shared.server, instance.id);
    await shared.server.app.engine.claimTask('internal', review.id, 'jmorales');

    const combined = await call(javier, 'GET', FormPath.combinedTask(review.id));

    expect(combined.statusCode, combined.body).toBe(200);
    const part = combined
      .json<CombinedTaskAnswer>()
      .forms.find((form) => form.formId === 'DSG-loan-application');
    expect(part?.values).toMatchObject(answer.values ?? {});
  });

  it('given a form whose bureau fields can be typed in, when completed with forged values, then the recorded answer replaces them', async () => {
    const form = {
      id: 'DSG-bureau-typed',
      name: { en: 'Bureau fields left editable' },
      fields: [
        { id: 'loanAmount', type: 'number', label: { en: 'Loan amount' } },
        { id: 'monthlyIncome', type: 'number', label: { en: 'Monthly income' } },
        {
          id: 'runCheck',
          type: 'webhook-button',
          label: { en: 'Run the check' },
          config: {
            webhook: 'credit-check',
            answerFields: { bureauScore: 'score', bureauReference: 'reference' },
          },
        },
        { id: 'bureauScore', type: 'number', label: { en: 'Score' } },
        { id: 'bureauReference', type: 'input', label: { en: 'Reference' } },
      ],
    };
    await storeFormDefinition(shared.server.database.db, {
      tenant: 'internal',
      id: form.id,
      kind: 'designer',
      definition: form,
    });
    await deployFormProcesses(shared.server, [form.id]);
    const task = await makeFormTask(shared.server, { formKey: form.id, assignee: 'lmartin' });
    const answer = await check(task.id, { loanAmount: 25_000, monthlyIncome: 4_000 });

    const completed = await call(lucas, 'POST', TaskPath.complete(task.id), {
      values: { loanAmount: 25_000, monthlyIncome: 4_000, bureauScore: 850, bureauReference: 'X' },
    });

    expect(completed.statusCode, completed.body).toBe(200);
    expect(answer.values).toEqual({
      bureauScore: 716,
      bureauReference: expect.stringMatching(REFERENCE),
    });
    expect(await instanceVariables(task.instanceId)).toMatchObject(answer.values ?? {});
  });

  describe('a bureau whose answer lacks a part the form reads', () => {
    let bureau: Server;
    let configured: string;

    beforeAll(async () => {
      // A bureau of the test's own that answers a score and nothing else.
      bureau = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end('{"score":700}');
        });
      });
      await new Promise<void>((resolve) => bureau.listen(0, '127.0.0.1', resolve));
      const db = shared.server.database.db;
      const target = await db
        .selectFrom('webhook_targets')
        .select('url')
        .where('tenant', '=', 'internal')
        .where('name', '=', 'credit-check')
        .executeTakeFirstOrThrow();
      configured = target.url;
      await db
        .updateTable('webhook_targets')
        .set({ url: `http://127.0.0.1:${(bureau.address() as AddressInfo).port}/check` })
        .where('tenant', '=', 'internal')
        .where('name', '=', 'credit-check')
        .execute();
    });

    afterAll(async () => {
      await shared.server.database.db
        .updateTable('webhook_targets')
        .set({ url: configured })
        .where('tenant', '=', 'internal')
        .where('name', '=', 'credit-check')
        .execute();
      bureau.closeAllConnections();
      await new Promise((resolve) => bureau.close(resolve));
    });

    it('when pressed, then it is a postscript error ANSWER_FIELD_MISSING and nothing reaches the case', async () => {
      const { instance, task } = await application('Ada Byron');

      expect(await check(task.id, VALID_APPLICATION)).toMatchObject({
        isSuccess: false,
        isServerError: true,
        isPreScriptError: false,
        scriptErrorCode: 'ANSWER_FIELD_MISSING',
      });

      expect(await recordedAnswers(task.id)).toEqual([]);
      const variables = await instanceVariables(instance.id);
      for (const name of BUREAU_VARIABLES) expect(variables).not.toHaveProperty(name);
    });
  });
});
