import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('link events', () => {
  const kit = useConformanceKit();

  const start = (key: string) =>
    kit.context.engine.startProcess(TENANT, { key, startedBy: 'clerk' });

  const openTasks = async (instanceId: string) =>
    (await kit.openTasks(instanceId)).map((task) => task.elementId).sort();

  it('given link throw events at the process level and inside a sub-process sharing one name, when each is reached, then the token goes on at the catch event of its own scope', async () => {
    await kit.deploy('link-events.bpmn');
    const file = await start('mortgageFile');

    await kit.complete(file.id, 'intake');
    expect(await openTasks(file.id)).toEqual(['valueProperty']);
    await kit.complete(file.id, 'valueProperty');
    expect(await openTasks(file.id)).toEqual(['makeOffer']);
    const ended = await kit.complete(file.id, 'makeOffer');

    expect(ended.status).toBe('Completed');
    const followed = await kit.context.db
      .selectFrom('process_history')
      .select('payload')
      .where('instance_id', '=', file.id)
      .where('event', '=', 'linkFollowed')
      .orderBy('id')
      .execute();
    expect(followed.map((row) => row.payload)).toEqual([
      { elementId: 'goToUnderwriting', linkName: 'next', target: 'fromIntake' },
      { elementId: 'skipToValuation', linkName: 'next', target: 'valuationPage' },
    ]);
  });

  it('given an inclusive join that one branch reaches through a link, when the other branch arrives first, then the join waits for the linked branch', async () => {
    await kit.deploy('link-inclusive-join.bpmn');
    const checks = await start('guarantorChecks');

    await kit.complete(checks.id, 'checkIncome');
    expect(await openTasks(checks.id)).toEqual(['checkIdentity']);

    await kit.complete(checks.id, 'checkIdentity');
    expect(await openTasks(checks.id)).toEqual(['decide']);
  });
});
