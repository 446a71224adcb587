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

describe('terminate end event with terminateAll', () => {
  const kit = useConformanceKit();

  async function startVetting() {
    await kit.deploy('terminate-all-in-subprocess.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'guarantorVetting',
      startedBy: 'clerk',
    });
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId).sort()).toEqual([
      'identity',
      'valuation',
    ]);
    return instance;
  }

  it('given a terminateAll end event inside a sub-process, when a token reaches it, then the whole instance ends and the tasks outside are cancelled', async () => {
    const instance = await startVetting();

    const ended = await kit.complete(instance.id, 'identity', { guarantorVerdict: 'fraud' });

    expect(ended.status).toBe('Completed');
    expect(await kit.openTasks(instance.id)).toEqual([]);
    const all = await kit.context.engine.listInstanceTasks(TENANT, instance.id);
    expect(all.find((task) => task.elementId === 'valuation')?.state).toBe('cancelled');
    expect(all.some((task) => task.elementId === 'decision')).toBe(false);
  });

  it('given a plain terminate end event in the same sub-process, when a token reaches it, then only the sub-process ends', async () => {
    const instance = await startVetting();

    const after = await kit.complete(instance.id, 'identity', { guarantorVerdict: 'withdrawn' });

    expect(after.status).toBe('On-going');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['valuation']);
    await kit.complete(instance.id, 'valuation');
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual(['decision']);
  });

  /** Starts the onboarding whose call activity runs the screening; both instances. */
  async function startOnboardingWithCall() {
    await kit.deploy('terminate-all-called.bpmn', 'terminate-all-caller.bpmn');
    const parent = await kit.context.engine.startProcess(TENANT, {
      key: 'businessOnboarding',
      startedBy: 'clerk',
    });
    const child = await kit.context.db
      .selectFrom('process_instances')
      .select('id')
      .where('parent_instance_id', '=', parent.id)
      .executeTakeFirstOrThrow();
    return { parent, child };
  }

  it('given a called process reaching a terminateAll end event, when it does, then the calling instance ends with it', async () => {
    const { parent, child } = await startOnboardingWithCall();
    expect((await kit.openTasks(parent.id)).map((task) => task.elementId)).toEqual(['contract']);

    const childEnd = await kit.complete(child.id, 'screen', { screenOutcome: 'hit' });

    expect(childEnd.status).toBe('Completed');
    expect((await kit.instance(parent.id)).status).toBe('Completed');
    const parentTasks = await kit.context.engine.listInstanceTasks(TENANT, parent.id);
    expect(parentTasks.find((task) => task.elementId === 'contract')?.state).toBe('cancelled');
  });

  it('given the called process ends without it, when its task completes, then the calling instance goes on', async () => {
    const { parent, child } = await startOnboardingWithCall();

    await kit.complete(child.id, 'screen', { screenOutcome: 'clear' });

    expect((await kit.instance(parent.id)).status).toBe('On-going');
    expect((await kit.openTasks(parent.id)).map((task) => task.elementId)).toEqual(['contract']);
  });
});

describe('terminate end event with terminateMultiInstance', () => {
  const kit = useConformanceKit();

  async function startCommittee() {
    await kit.deploy('terminate-multi-instance.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'committeeVeto',
      startedBy: 'clerk',
      variables: { members: ['risk', 'manager', 'compliance'] },
    });
    expect((await kit.openTasks(instance.id)).map((task) => task.assignee).sort()).toEqual([
      'compliance',
      'manager',
      'risk',
    ]);
    return instance;
  }

  async function openOpinion(instanceId: string, assignee: string) {
    const open = await kit.openTasks(instanceId);
    const task = open.find((candidate) => candidate.assignee === assignee);
    if (task === undefined) throw new Error(`no open opinion for ${assignee}`);
    return task;
  }

  it('given a veto in one item of a multi-instance sub-process, when it reaches terminateMultiInstance, then every item ends and the path goes on', async () => {
    const instance = await startCommittee();
    const task = await openOpinion(instance.id, 'manager');

    await kit.context.engine.completeTask(TENANT, task.id, {
      userId: 'manager',
      variables: { opinion: 'veto' },
    });

    expect((await kit.openTasks(instance.id)).map((open) => open.elementId)).toEqual(['minutes']);
    const all = await kit.context.engine.listInstanceTasks(TENANT, instance.id);
    expect(
      all
        .filter((one) => one.elementId === 'opinion')
        .map((one) => [one.assignee, one.state])
        .sort(),
    ).toEqual([
      ['compliance', 'cancelled'],
      ['manager', 'completed'],
      ['risk', 'cancelled'],
    ]);
  });

  it('given a plain terminate end event in one item, when it is reached, then only that item ends', async () => {
    const instance = await startCommittee();
    const task = await openOpinion(instance.id, 'manager');

    await kit.context.engine.completeTask(TENANT, task.id, {
      userId: 'manager',
      variables: { opinion: 'abstain' },
    });

    expect((await kit.openTasks(instance.id)).map((open) => open.assignee).sort()).toEqual([
      'compliance',
      'risk',
    ]);
  });
});
