import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('terminate end event', () => {
  const kit = useConformanceKit();

  it('given parallel paths with an open task and a waiting timer, when one path reaches a terminate end event, then the instance ends and the task and timer are cancelled', async () => {
    await kit.deploy('terminate-end-event.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'accountOpening',
      startedBy: 'clerk',
    });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId).sort()).toEqual([
      'paperwork',
      'screening',
    ]);
    const jobs = () =>
      kit.context.db
        .selectFrom('process_jobs')
        .select('id')
        .where('instance_id', '=', instance.id)
        .execute();
    expect(await jobs()).toHaveLength(1);

    const ended = await kit.complete(instance.id, 'screening', { screeningOutcome: 'hit' });

    expect(ended.status).toBe('Completed');
    expect(await kit.openTasks(instance.id)).toEqual([]);
    expect(await jobs()).toEqual([]);
    const all = await kit.context.engine.listInstanceTasks(TENANT, instance.id);
    expect(all.find((task) => task.elementId === 'paperwork')?.state).toBe('cancelled');
    expect(await kit.historyCount(instance.id, 'taskCancelled')).toBe(1);
    const tokens = await kit.context.db
      .selectFrom('process_executions')
      .select('id')
      .where('instance_id', '=', instance.id)
      .execute();
    expect(tokens).toEqual([]);
  });

  it('given the screening is clear, when it completes, then only that path ends and the others go on', async () => {
    await kit.deploy('terminate-end-event.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'accountOpening',
      startedBy: 'clerk',
    });
    const after = await kit.complete(instance.id, 'screening', { screeningOutcome: 'clear' });
    expect(after.status).toBe('On-going');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['paperwork']);
  });
});
