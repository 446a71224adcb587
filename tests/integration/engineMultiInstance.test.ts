import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('multi-instance activities', () => {
  const kit = useConformanceKit();

  it('given a parallel multi-instance user task over a collection, when the instance starts, then one task per item opens for the item', async () => {
    await kit.deploy('multi-instance-approvals.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'committeeApproval',
      startedBy: 'clerk',
      variables: { approvers: ['risk', 'manager', 'reviewer'] },
    });
    const tasks = await kit.openTasks(instance.id);
    // The items open at one instant, so their order is by name here, not by creation.
    const opened = tasks.map((task) => [task.assignee, task.name]);
    expect(opened.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      ['risk', 'Vote on the loan (0)'],
      ['manager', 'Vote on the loan (1)'],
      ['reviewer', 'Vote on the loan (2)'],
    ]);
  });

  it('given a completion condition on completed instances, when it holds, then the remaining tasks are cancelled and the process moves on', async () => {
    await kit.deploy('multi-instance-approvals.bpmn');
    const { engine } = kit.context;
    const instance = await engine.startProcess(TENANT, {
      key: 'committeeApproval',
      startedBy: 'clerk',
      variables: { approvers: ['risk', 'manager', 'reviewer'] },
    });
    const byAssignee = async (assignee: string) => {
      const task = (await kit.openTasks(instance.id)).find((open) => open.assignee === assignee);
      if (task === undefined) throw new Error(`no open task for ${assignee}`);
      return task;
    };
    await engine.completeTask(TENANT, (await byAssignee('risk')).id, { userId: 'risk' });
    expect((await kit.openTasks(instance.id)).map((task) => task.assignee).sort()).toEqual([
      'manager',
      'reviewer',
    ]);
    await engine.completeTask(TENANT, (await byAssignee('reviewer')).id, { userId: 'reviewer' });
    const open = await kit.openTasks(instance.id);
    expect(open.map((task) => task.elementId)).toEqual(['payout']);
    const all = await engine.listInstanceTasks(TENANT, instance.id);
    expect(all.filter((task) => task.state === 'cancelled').map((task) => task.assignee)).toEqual([
      'manager',
    ]);
  });

  it('given a sequential multi-instance sub-process, when each item completes, then the next item starts with its own element variable', async () => {
    await kit.deploy('multi-instance-documents.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'documentReview',
      startedBy: 'clerk',
      variables: { documents: ['passport', 'payslip'], signatures: 2 },
    });
    expect((await kit.openTasks(instance.id)).map((task) => task.name)).toEqual([
      'Check the passport',
    ]);
    await kit.complete(instance.id, 'checkDocument');
    expect((await kit.openTasks(instance.id)).map((task) => task.name)).toEqual([
      'Check the payslip',
    ]);
    await kit.complete(instance.id, 'checkDocument');
    const signatures = await kit.openTasks(instance.id);
    expect(signatures.map((task) => task.elementId)).toEqual(['countersign', 'countersign']);
    // The element variable stays local to its item; the process never sees it.
    expect((await kit.instance(instance.id)).variables).not.toHaveProperty('document');
  });

  it('given a multi-instance task with a cardinality and no condition, when all but one complete, then it waits for the last', async () => {
    await kit.deploy('multi-instance-documents.bpmn');
    const { engine } = kit.context;
    const instance = await engine.startProcess(TENANT, {
      key: 'documentReview',
      startedBy: 'clerk',
      variables: { documents: [], signatures: 3 },
    });
    const signatures = await kit.openTasks(instance.id);
    expect(signatures).toHaveLength(3);
    for (const task of signatures.slice(0, 2)) {
      await engine.completeTask(TENANT, task.id, { userId: 'manager' });
    }
    expect((await kit.instance(instance.id)).status).toBe('On-going');
    const last = signatures[2];
    if (last === undefined) throw new Error('no third signature');
    const done = await engine.completeTask(TENANT, last.id, { userId: 'manager' });
    expect(done.instance.status).toBe('Completed');
  });
  it('given the standard multi-instance form (loopDataInputRef and inputDataItem), when each member votes in turn, then one task at a time opens for the next member', async () => {
    await kit.deploy('multi-instance-standard-form.bpmn');
    const { engine } = kit.context;
    const instance = await engine.startProcess(TENANT, {
      key: 'committeeInTurn',
      startedBy: 'clerk',
      variables: { committeeMembers: ['risk', 'manager'] },
    });
    const [first] = await kit.openTasks(instance.id);
    expect([first?.assignee, first?.name]).toEqual(['risk', 'Vote as risk']);
    await engine.completeTask(TENANT, first?.id ?? '', { userId: 'risk' });
    const [second] = await kit.openTasks(instance.id);
    expect([second?.assignee, second?.name]).toEqual(['manager', 'Vote as manager']);
  });
});
