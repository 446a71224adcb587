import { describe, expect, it } from 'vitest';
import { JobScheduler } from '../../server/engine';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('call activity', () => {
  const kit = useConformanceKit();

  async function startParent() {
    await kit.deploy('call-activity-child.bpmn', 'call-activity-parent.bpmn');
    const parent = await kit.context.engine.startProcess(TENANT, {
      key: 'creditApplication',
      startedBy: 'clerk',
      variables: { applicant: 'Ada Lovelace', amount: 15000, internalNote: 'not for the child' },
    });
    const child = await kit.context.db
      .selectFrom('process_instances')
      .select(['id', 'parent_execution_id'])
      .where('parent_instance_id', '=', parent.id)
      .executeTakeFirstOrThrow();
    return { parent, childId: child.id };
  }

  it('given a call activity with in mappings, when the parent starts, then the called process runs with only the mapped variables', async () => {
    const { parent, childId } = await startParent();
    const child = await kit.instance(childId);
    expect(child.definitionKey).toBe('creditScoring');
    expect(child.variables).toEqual({ customer: 'Ada Lovelace', requested: 15000 });
    const [task] = await kit.openTasks(childId);
    // The stored name is the English rendering: a space groups thousands in every language (spec 001).
    expect(task?.name).toBe('Score Ada Lovelace for 15 000');
    expect(await kit.openTasks(parent.id)).toEqual([]);
  });

  it('given the called process ends, when its last task completes, then the out mapping reaches the parent and it moves on', async () => {
    const { parent, childId } = await startParent();
    const childEnd = await kit.complete(childId, 'scoreCustomer', { score: 720, scoreFound: true });
    expect(childEnd.status).toBe('Completed');
    const resumed = await kit.instance(parent.id);
    expect(resumed.variables.creditScore).toBe(720);
    expect(resumed.variables).not.toHaveProperty('scoreFound');
    expect((await kit.openTasks(parent.id)).map((task) => task.name)).toEqual([
      'Decide on Ada Lovelace',
    ]);
  });

  it('given the called process throws an error end event, when it is reached, then the boundary event on the call activity catches it', async () => {
    const { parent, childId } = await startParent();
    await kit.complete(childId, 'scoreCustomer', { scoreFound: false });
    expect((await kit.instance(childId)).status).toBe('Completed');
    expect((await kit.openTasks(parent.id)).map((task) => task.elementId)).toEqual([
      'fallbackReview',
    ]);
    expect((await kit.instance(parent.id)).variables).not.toHaveProperty('creditScore');
  });

  it('given a multi-instance call activity of a process without wait states, when the parent starts, then each item runs its own called instance to the end at once', async () => {
    await kit.deploy('call-activity-bureau.bpmn', 'call-activity-multi-instance.bpmn');
    const parent = await kit.context.engine.startProcess(TENANT, {
      key: 'guarantorChecks',
      startedBy: 'clerk',
      variables: {
        guarantors: [
          { loan: 12000, income: 1000 },
          { loan: 12000, income: 1000 },
        ],
      },
    });
    const called = await kit.context.db
      .selectFrom('process_instances')
      .select(['ended_at', 'variables'])
      .where('parent_instance_id', '=', parent.id)
      .execute();
    expect(called).toHaveLength(2);
    expect(called.every((row) => row.ended_at !== null)).toBe(true);
    expect(called.map((row) => row.variables.loanAmount)).toEqual([12000, 12000]);
    expect(parent.variables.lastGuarantorScore).toBe(620);
    expect((await kit.openTasks(parent.id)).map((task) => task.elementId)).toEqual([
      'reviewGuarantors',
    ]);
  });

  it('given a boundary timer on a call activity, when it fires, then the called instance and its task are cancelled and the parent takes the boundary path', async () => {
    const start = new Date('2026-03-02T09:00:00.000Z');
    kit.context.setNow(start);
    await kit.deploy('call-activity-child.bpmn', 'call-activity-deadline.bpmn');
    const parent = await kit.context.engine.startProcess(TENANT, {
      key: 'timedCreditApplication',
      startedBy: 'clerk',
      variables: { customer: 'Grace Hopper', requested: 9000 },
    });
    const child = await kit.context.db
      .selectFrom('process_instances')
      .select('id')
      .where('parent_instance_id', '=', parent.id)
      .executeTakeFirstOrThrow();
    expect((await kit.openTasks(child.id)).map((task) => task.name)).toEqual([
      'Score Grace Hopper for 9 000',
    ]);

    kit.context.setNow(new Date(start.getTime() + 2 * 60 * 60_000));
    expect(await new JobScheduler(kit.context.engine).runDueJobs()).toBe(1);

    expect((await kit.instance(child.id)).status).toBe('Completed');
    expect(await kit.openTasks(child.id)).toEqual([]);
    expect(await kit.historyCount(child.id, 'processCancelled')).toBe(1);
    expect((await kit.openTasks(parent.id)).map((task) => task.elementId)).toEqual([
      'manualScoring',
    ]);
  });
});
