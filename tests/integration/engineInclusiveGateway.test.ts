import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('inclusive gateway', () => {
  const kit = useConformanceKit();

  async function start(variables: Record<string, unknown>) {
    await kit.deploy('inclusive-gateway.bpmn');
    return kit.context.engine.startProcess(TENANT, {
      key: 'loanChecks',
      startedBy: 'clerk',
      variables: variables as never,
    });
  }

  it('given two conditions that hold, when the instance starts, then both checks open and the decision waits for both', async () => {
    const instance = await start({ amount: 25000, needsDocuments: true });
    const first = await kit.openTasks(instance.id);
    expect(first.map((task) => task.elementId).sort()).toEqual(['documentCheck', 'riskReview']);

    await kit.complete(instance.id, 'riskReview');
    const waiting = await kit.openTasks(instance.id);
    expect(waiting.map((task) => task.elementId)).toEqual(['documentCheck']);

    await kit.complete(instance.id, 'documentCheck');
    const joined = await kit.openTasks(instance.id);
    expect(joined.map((task) => task.elementId)).toEqual(['decision']);
  });

  it('given one condition that holds, when its check completes, then the join does not wait for the branch never taken', async () => {
    const instance = await start({ amount: 25000, needsDocuments: false });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'riskReview',
    ]);
    await kit.complete(instance.id, 'riskReview');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['decision']);
    const ended = await kit.complete(instance.id, 'decision');
    expect(ended.status).toBe('Completed');
  });

  it('given no condition holds, when the instance starts, then only the default flow is taken', async () => {
    const instance = await start({ amount: 500, needsDocuments: false });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'clerkCheck',
    ]);
    await kit.complete(instance.id, 'clerkCheck');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['decision']);
  });
});
