import { beforeAll, describe, expect, it } from 'vitest';
import { TaskPath, type TaskDetail } from '../../schemas/api/tasks';
import { deployKit, makeTask, signIn, EMAIL } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { conformanceFixture } from './engineConformanceKit';
import type { IdentityClient } from './identityClient';

const TENANT = 'internal';

describe('the task detail carries the user task’s instructions', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let callTaskId: string;

  /** The task detail as a reader of `language` asks for it. */
  async function detailIn(language: string, taskId: string): Promise<TaskDetail> {
    const response = await lucas.request({
      method: 'GET',
      url: TaskPath.detail(taskId),
      headers: { 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaskDetail>();
  }

  beforeAll(async () => {
    const { engine } = suite.server.app;
    await deployKit(suite.server);
    await engine.deploy(TENANT, await conformanceFixture('user-task-documentation.bpmn'));
    lucas = await signIn(suite.server, EMAIL.lmartin);
    const instance = await engine.startProcess(TENANT, {
      key: 'documentedCallBack',
      startedBy: 'lmartin',
      variables: { customerName: 'Ana Ruiz', phone: '+34 600 000 000', rate: 4.25 },
    });
    const [task] = await engine.listInstanceTasks(TENANT, instance.id, { completed: false });
    if (!task) throw new Error('the documented process did not stop at its user task');
    callTaskId = task.id;
  });

  it('given a task made from documented BPMN, when an English reader opens it, then the description is the filled-in text with its line breaks', async () => {
    const detail = await detailIn('en', callTaskId);
    expect(detail.description).toBe(
      [
        'Call Ana Ruiz on +34 600 000 000.',
        'Offer the rate of 4.25 %; do not promise more.',
        '',
        '  Write down when they can be reached again.',
        '',
        'Keep <b>#{notes}</b> short.',
      ].join('\n'),
    );
  });

  it('given the same task, when a French reader opens it, then its values are written the French way', async () => {
    const detail = await detailIn('fr-FR,fr;q=0.9', callTaskId);
    expect(detail.description).toContain('Offer the rate of 4,25 %');
  });

  it('given a task whose user task has no documentation, when opened, then the description is null', async () => {
    const task = await makeTask(suite.server, { name: 'Plain task', assignee: 'lmartin' });
    const detail = await detailIn('en', task.id);
    expect(detail).toHaveProperty('description', null);
  });
});
