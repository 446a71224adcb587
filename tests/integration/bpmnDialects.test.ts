import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ProcessPath } from '../../schemas/api/processes';
import { DefinitionRefusedError } from '../../server/engine';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';

const fixtures = new URL('../../fixtures/bpmn-conformance/', import.meta.url);
const TENANT = 'internal';

async function fixture(name: string): Promise<string> {
  return readFile(new URL(name, fixtures), 'utf8');
}

describe('process files written for Flowable, Activiti or another modeller', () => {
  const suite = setUpTestServer();

  it.each([
    ['flowable-review.bpmn', 'flowableReview'],
    ['activiti-review.bpmn', 'activitiReview'],
  ])(
    'given %s with an initiator assignee and candidate groups, when a user starts it, then the task is theirs and offered to those groups',
    async (file, key) => {
      const { server } = suite;
      const definition = await server.app.engine.deploy(TENANT, await fixture(file));
      expect(definition.key).toBe(key);
      const lucas = await signIn(server, EMAIL.lmartin);
      const started = await call(lucas, 'POST', ProcessPath.processInstances, {
        processDefinitionId: definition.id,
        name: `Expense review ${key}`,
      });
      expect(started.statusCode, started.body).toBe(200);
      const instanceId = started.json<{ data: { id: string } }>().data.id;
      const [task] = await server.app.engine.listInstanceTasks(TENANT, instanceId, {
        completed: false,
      });
      if (task === undefined) throw new Error('the instance has no open task');
      expect(task).toMatchObject({
        elementId: 'review',
        assignee: 'lmartin',
        formKey: 'expense-review',
        priority: 70,
      });
      const candidates = await server.app.engine.getTaskCandidates(TENANT, task.id);
      expect([...candidates.groups].sort()).toEqual(['finance', 'managers']);
      expect([...candidates.users].sort()).toEqual(['auditor1', 'auditor2']);
    },
  );

  it('given a Flowable file binding a Java class, when deployed, then it is refused naming the task and the attribute', async () => {
    const refused = await suite.server.app.engine
      .deploy(TENANT, await fixture('flowable-code-bindings.bpmn'))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(DefinitionRefusedError);
    const errors = (refused as DefinitionRefusedError).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          elementId: 'pay',
          elementType: 'bpmn:ServiceTask',
          message: expect.stringContaining('flowable:class is not supported') as unknown,
        }),
      ]),
    );
    // Every problem at once: the process listener and the task listener as well.
    expect(errors.length).toBeGreaterThanOrEqual(3);
    const listed = (await suite.server.app.engine.listDefinitions(TENANT)).map(
      (definition) => definition.key,
    );
    expect(listed).not.toContain('codeBound');
  });

  it('given a file with a pool and an unused message declaration, when deployed and started, then it runs to its user task', async () => {
    const { server } = suite;
    const definition = await server.app.engine.deploy(
      TENANT,
      await fixture('pool-and-declarations.bpmn'),
    );
    expect(definition.key).toBe('pooledReview');
    const instance = await server.app.engine.startProcess(TENANT, {
      key: 'pooledReview',
      startedBy: 'lmartin',
    });
    const [task] = await server.app.engine.listInstanceTasks(TENANT, instance.id, {
      completed: false,
    });
    expect(task).toMatchObject({ elementId: 'review' });
    if (task === undefined) throw new Error('the instance has no open task');
    // The manual task after it lets the token pass to the end.
    await server.app.engine.assignTask(TENANT, task.id, { assignee: 'lmartin', actor: 'lmartin' });
    await server.app.engine.completeTask(TENANT, task.id, { userId: 'lmartin' });
    expect(await server.app.engine.getInstance(TENANT, instance.id)).toMatchObject({
      endedAt: expect.anything() as unknown,
    });
  });
});
