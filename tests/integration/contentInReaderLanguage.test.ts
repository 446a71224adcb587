import { beforeAll, describe, expect, it } from 'vitest';
import { NotificationPath, type NotificationSummary } from '../../schemas/api/notifications';
import { ProcessPath } from '../../schemas/api/processes';
import { TaskPath, type TaskListAnswer } from '../../schemas/api/tasks';
import {
  deployFixtureProcess,
  openTaskOf,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';
import type { IdentityClient } from './identityClient';

const TENANT = 'internal';

describe('task search and group names in the reader’s language', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let maria: IdentityClient;
  let approvalId: string;

  /** A call as a reader of `language` makes it: the browser names it in each request. */
  async function callIn(client: IdentityClient, language: string, url: string, body?: unknown) {
    const response = await client.request({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: { 'accept-language': language },
      ...(body === undefined ? {} : { body }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  const search = async (language: string, taskName: string) =>
    (
      await callIn(maria, language, TaskPath.candidate, {
        page: 0,
        size: 100,
        filterParams: { taskName },
      })
    )
      .json<TaskListAnswer>()
      .content.map((row) => row.taskId);

  beforeAll(async () => {
    await deployFixtureProcess(suite.server, 'loan-origination.bpmn', TENANT);
    ({ lucas, maria } = await signInDemoStaff(suite.server));
    // A loan origination whose intake is done: the credit committee may claim its approval.
    const definitions = await suite.server.app.engine.listDefinitions(TENANT);
    const definition = definitions.find((candidate) => candidate.key === 'loanOrigination');
    if (!definition) throw new Error('loanOrigination is not deployed');
    const started = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: definition.id,
      name: definition.name,
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const instanceId = started.json<{ data: { id: string } }>().data.id;
    const intake = await openTaskOf(suite.server, instanceId);
    const { engine } = suite.server.app;
    await engine.claimTask(TENANT, intake.id, 'lmartin');
    await engine.completeTask(TENANT, intake.id, {
      userId: 'lmartin',
      variables: { ...VALID_APPLICATION, loanAmount: 61500 },
    });
    approvalId = (await openTaskOf(suite.server, instanceId)).id;
  });

  it('given a French reader, when searching “Approuver”, then the approval stored in English is found', async () => {
    expect(await search('fr-FR,fr;q=0.9', 'Approuver')).toContain(approvalId);
    // And without accents or in other words of the French name.
    expect(await search('fr', 'le pret de')).toContain(approvalId);
  });

  it('given a French reader, when searching the English name or the amount as French writes it, then the approval is found too', async () => {
    expect(await search('fr', 'Approve loan')).toContain(approvalId);
    expect(await search('fr', '61 500')).toContain(approvalId);
  });

  it('given an English or a Spanish reader, when searching “Approuver”, then nothing French matches', async () => {
    expect(await search('en', 'Approuver')).not.toContain(approvalId);
    expect(await search('es', 'Approuver')).not.toContain(approvalId);
    expect(await search('es', 'Aprobar el préstamo')).toContain(approvalId);
  });

  it('given a French reader, when listing candidate tasks and notifications, then the group reads in French', async () => {
    const rows = (await callIn(maria, 'fr', TaskPath.candidate, { page: 0, size: 100 }))
      .json<TaskListAnswer>()
      .content.filter((row) => row.taskId === approvalId);
    expect(rows[0]?.candidates).toContain('Comité de crédit');
    const summary = (
      await callIn(maria, 'fr', NotificationPath.summary('mgarcia'))
    ).json<NotificationSummary>();
    const entry = summary.candidateTasks.notificationData.find(
      (item) => item.taskId === approvalId,
    );
    expect(entry?.groupName).toBe('Comité de crédit');
    const english = (
      await callIn(maria, 'en', NotificationPath.summary('mgarcia'))
    ).json<NotificationSummary>();
    expect(
      english.candidateTasks.notificationData.find((item) => item.taskId === approvalId)?.groupName,
    ).toBe('Credit committee');
  });
});
