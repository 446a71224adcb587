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
});
