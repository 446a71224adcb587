import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('implicit end: an activity no flow leaves', () => {
  const kit = useConformanceKit();

  async function startFollowUp() {
    await kit.deploy('implicit-end.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'guarantorFollowUp',
      startedBy: 'clerk',
    });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId).sort()).toEqual([
      'archiveCheck',
      'documents',
      'signOff',
    ]);
    return instance;
  }

  const tokensOf = (instanceId: string) =>
    kit.context.db
      .selectFrom('process_executions')
      .select('element_id')
      .where('instance_id', '=', instanceId)
      .execute();

  it('given a process without end events, when the last path ends at an activity no flow leaves, then the instance completes', async () => {
    const instance = await startFollowUp();

    expect((await kit.complete(instance.id, 'archiveCheck')).status).toBe('On-going');
    expect((await kit.complete(instance.id, 'documents')).status).toBe('On-going');
    expect((await kit.complete(instance.id, 'signOff')).status).toBe('On-going');
    const ended = await kit.complete(instance.id, 'signOff');

    expect(ended.status).toBe('Completed');
    expect(ended.variables).toMatchObject({ creditScore: 600 });
    expect(await kit.openTasks(instance.id)).toEqual([]);
    expect(await tokensOf(instance.id)).toEqual([]);
  });

  it('given the sub-process ends at a service task no flow leaves, when its task completes, then the sub-process completes and only its path ends', async () => {
    const instance = await startFollowUp();

    const after = await kit.complete(instance.id, 'documents');

    expect(after.status).toBe('On-going');
    expect(after.variables).toMatchObject({ creditScore: 600, creditCheckPassed: false });
    expect((await tokensOf(instance.id)).map((token) => token.element_id).sort()).toEqual([
      'archiveCheck',
      'signOff',
      'signOff',
    ]);
  });

  it('given a user task no flow leaves, when it completes, then its path ends and the others wait on', async () => {
    const instance = await startFollowUp();

    const after = await kit.complete(instance.id, 'archiveCheck');

    expect(after.status).toBe('On-going');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId).sort()).toEqual([
      'documents',
      'signOff',
    ]);
    expect((await tokensOf(instance.id)).map((token) => token.element_id)).not.toContain(
      'archiveCheck',
    );
  });
});

describe('implicit end in a called process', () => {
  const kit = useConformanceKit();

  it('given a called process whose path ends at a service task no flow leaves, when it is called, then it ends and the caller moves on with its variables', async () => {
    await kit.deploy('implicit-end-called.bpmn', 'implicit-end-caller.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'scoredReview',
      startedBy: 'clerk',
      variables: { loanAmount: 10000, monthlyIncome: 4000 },
    });

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['review']);
    expect((await kit.instance(instance.id)).variables).toMatchObject({ creditCheckPassed: true });

    const ended = await kit.complete(instance.id, 'review');
    expect(ended.status).toBe('Completed');
  });
});
