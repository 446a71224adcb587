import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('embedded sub-process with an error boundary event', () => {
  const kit = useConformanceKit();

  async function start() {
    await kit.deploy('subprocess-error-boundary.bpmn');
    return kit.context.engine.startProcess(TENANT, { key: 'customerKyc', startedBy: 'clerk' });
  }

  it('given the identity is accepted, when the sub-process reaches its end, then the process continues after it', async () => {
    const instance = await start();
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['collectId']);
    await kit.complete(instance.id, 'collectId', { idAccepted: true });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'openAccount',
    ]);
    const ended = await kit.complete(instance.id, 'openAccount');
    expect(ended.status).toBe('Completed');
  });

  it('given the identity is refused, when the error end event is reached inside, then the boundary event catches it and the sub-process is left', async () => {
    const instance = await start();
    await kit.complete(instance.id, 'collectId', { idAccepted: false });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'manualReview',
    ]);
    const tokens = await kit.context.db
      .selectFrom('process_executions')
      .select(['element_id', 'state'])
      .where('instance_id', '=', instance.id)
      .execute();
    expect(tokens).toEqual([{ element_id: 'manualReview', state: 'active' }]);
    expect(await kit.historyCount(instance.id, 'boundaryEventFired')).toBe(1);
    const ended = await kit.complete(instance.id, 'manualReview');
    expect(ended.status).toBe('Completed');
  });

  it('given a multi-instance sub-process, when one item throws an error, then the boundary event on the whole activity catches it and the other items are cancelled', async () => {
    await kit.deploy('subprocess-multi-instance-error.bpmn');
    const { engine } = kit.context;
    const instance = await engine.startProcess(TENANT, {
      key: 'linkedAccountsReview',
      startedBy: 'clerk',
      variables: { accounts: ['A-1', 'B-2', 'C-3'] },
    });
    const named = async (name: string) => {
      const task = (await kit.openTasks(instance.id)).find((open) => open.name === name);
      if (task === undefined) throw new Error(`no open task '${name}'`);
      return task;
    };
    await engine.completeTask(TENANT, (await named('Verify account A-1')).id, {
      userId: 'clerk',
      variables: { verified: true },
    });
    await engine.completeTask(TENANT, (await named('Verify account B-2')).id, {
      userId: 'clerk',
      variables: { verified: false },
    });

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'freezeAccounts',
    ]);
    const third = (await engine.listInstanceTasks(TENANT, instance.id)).find(
      (task) => task.name === 'Verify account C-3',
    );
    expect(third?.state).toBe('cancelled');
    const tokens = await kit.context.db
      .selectFrom('process_executions')
      .select('element_id')
      .where('instance_id', '=', instance.id)
      .execute();
    expect(tokens).toEqual([{ element_id: 'freezeAccounts' }]);
  });
});
