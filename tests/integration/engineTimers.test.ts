import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { JobScheduler, ProcessEngine, type Variables } from '../../server/engine';
import { createDatabase } from '../../server/db/database';
import { TENANT, useConformanceKit } from './engineConformanceKit';

const start = new Date('2026-03-02T09:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('timer events and the job scheduler', () => {
  const kit = useConformanceKit(start);

  const jobsOf = (instanceId: string) =>
    kit.context.db
      .selectFrom('process_jobs')
      .select(['element_id', 'due_at'])
      .where('instance_id', '=', instanceId)
      .orderBy('due_at')
      .execute();

  /** Deploys the fixtures with the clock at the start, and answers the engine. */
  async function deployAtStart(...files: string[]) {
    kit.context.setNow(start);
    await kit.deploy(...files);
    return kit.context.engine;
  }

  /** Starts a process as the clerk. */
  const startAsClerk = (key: string, variables?: Variables) =>
    kit.context.engine.startProcess(TENANT, {
      key,
      startedBy: 'clerk',
      ...(variables && { variables }),
    });

  /**
   * The engine a second scheduler runs on: on PostgreSQL a second server, with its own pool
   * and engine on the same database and its clock at `now`; otherwise the one engine.
   */
  async function secondServer(now: Date) {
    const { engine, db, database, handlers } = kit.context;
    if (database.kind !== 'postgres' || !process.env.DATABASE_URL) {
      return { second: engine, closeSecond: async () => {} };
    }
    const current = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${current.rows[0]?.name ?? ''}`;
    const other = await createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    return {
      second: new ProcessEngine(other.db, { handlers, clock: () => now }),
      closeSecond: () => other.close(),
    };
  }

  it('given intermediate duration and date timers, when the clock passes each due time, then the token waits at each and moves on once', async () => {
    const scheduler = new JobScheduler(await deployAtStart('timer-catch.bpmn'));
    const instance = await startAsClerk('welcomeCall', { followUpAt: '2026-03-04T10:00:00Z' });
    expect(await jobsOf(instance.id)).toEqual([{ element_id: 'coolingOff', due_at: at(10) }]);

    kit.context.setNow(at(9));
    expect(await scheduler.runDueJobs()).toBe(0);
    kit.context.setNow(at(10));
    expect(await scheduler.runDueJobs()).toBe(1);
    expect(await jobsOf(instance.id)).toEqual([
      { element_id: 'followUpDate', due_at: new Date('2026-03-04T10:00:00Z') },
    ]);
    expect(await kit.openTasks(instance.id)).toEqual([]);

    kit.context.setNow(new Date('2026-03-04T10:00:00Z'));
    expect(await scheduler.runDueJobs()).toBe(1);
    expect(await scheduler.runDueJobs()).toBe(0);
    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'callCustomer',
    ]);
  });

  it('given a non-interrupting cycle and an interrupting duration on a task, when time passes, then reminders come twice and the deadline cancels the task', async () => {
    const engine = await deployAtStart('timer-boundary.bpmn');
    const scheduler = new JobScheduler(engine);
    const instance = await startAsClerk('complaintHandling');
    expect((await jobsOf(instance.id)).map((job) => job.element_id).sort()).toEqual([
      'hourlyReminder',
      'slaBreached',
    ]);

    kit.context.setNow(at(60));
    expect(await scheduler.runDueJobs()).toBe(1);
    let open = await kit.openTasks(instance.id);
    expect(open.map((task) => task.elementId).sort()).toEqual(['answerComplaint', 'remindClerk']);

    kit.context.setNow(at(5 * 60));
    expect(await scheduler.runDueJobs()).toBe(2);
    open = await kit.openTasks(instance.id);
    expect(open.map((task) => task.elementId).sort()).toEqual([
      'escalate',
      'remindClerk',
      'remindClerk',
    ]);
    const answer = (await engine.listInstanceTasks(TENANT, instance.id)).find(
      (task) => task.elementId === 'answerComplaint',
    );
    expect(answer?.state).toBe('cancelled');
    expect(await jobsOf(instance.id)).toEqual([]);
  });

  it('given the task is answered in time, when it completes, then its boundary timers are removed and never fire', async () => {
    const engine = await deployAtStart('timer-boundary.bpmn');
    const instance = await startAsClerk('complaintHandling');
    const ended = await kit.complete(instance.id, 'answerComplaint');
    expect(ended.status).toBe('Completed');
    expect(await jobsOf(instance.id)).toEqual([]);
    kit.context.setNow(at(10 * 60));
    await new JobScheduler(engine).runDueJobs();
    expect(await kit.historyCount(instance.id, 'timerFired')).toBe(0);
  });

  it('given a multi-instance task with an interrupting boundary timer, when the deadline passes, then every open item is cancelled and the boundary path taken', async () => {
    const engine = await deployAtStart('timer-multi-instance-deadline.bpmn');
    const instance = await startAsClerk('contractSigning', {
      signers: ['risk', 'manager', 'reviewer'],
      signingWindow: 'P1D',
    });
    const signing = await kit.openTasks(instance.id);
    expect(signing.map((task) => task.assignee).sort()).toEqual(['manager', 'reviewer', 'risk']);
    const first = signing.find((task) => task.assignee === 'risk');
    if (first === undefined) throw new Error('no task for risk');
    await engine.completeTask(TENANT, first.id, { userId: 'risk' });
    expect(await jobsOf(instance.id)).toEqual([
      { element_id: 'signingDeadline', due_at: at(24 * 60) },
    ]);

    kit.context.setNow(at(24 * 60));
    expect(await new JobScheduler(engine).runDueJobs()).toBe(1);

    expect((await kit.openTasks(instance.id)).map((task) => task.elementId)).toEqual([
      'chaseSignatures',
    ]);
    const states = (await engine.listInstanceTasks(TENANT, instance.id))
      .filter((task) => task.elementId === 'sign')
      .map((task) => task.state)
      .sort();
    expect(states).toEqual(['cancelled', 'cancelled', 'completed']);
    const tokens = await kit.context.db
      .selectFrom('process_executions')
      .select('element_id')
      .where('instance_id', '=', instance.id)
      .execute();
    expect(tokens).toEqual([{ element_id: 'chaseSignatures' }]);
  });

  it('given a timer whose step fails, when the scheduler runs, then the step is rolled back, retried later and finally set aside while other timers still fire', async () => {
    let ledgerUp = false;
    kit.context.handlers.register('postLedgerEntry', async () => {
      if (!ledgerUp) throw new Error('the ledger is closed');
      return { posted: true };
    });
    const engine = await deployAtStart('timer-failing-step.bpmn', 'timer-catch.bpmn');
    const failing = await startAsClerk('nightlyPosting');
    const healthy = await startAsClerk('welcomeCall', { followUpAt: '2030-01-01T00:00:00Z' });
    const job = () =>
      kit.context.db
        .selectFrom('process_jobs')
        .select(['due_at', 'retries_left', 'last_error'])
        .where('instance_id', '=', failing.id)
        .executeTakeFirstOrThrow();

    kit.context.setNow(at(60));
    expect(await new JobScheduler(engine).runDueJobs()).toBe(1);
    expect(await kit.historyCount(healthy.id, 'timerFired')).toBe(1);
    expect(await kit.historyCount(failing.id, 'timerFired')).toBe(0);
    expect(await job()).toEqual({
      due_at: at(65),
      retries_left: 2,
      last_error: 'the ledger is closed',
    });

    kit.context.setNow(at(65));
    expect(await new JobScheduler(engine).runDueJobs()).toBe(0);
    kit.context.setNow(at(75));
    expect(await new JobScheduler(engine).runDueJobs()).toBe(0);
    expect((await job()).retries_left).toBe(0);
    kit.context.setNow(at(24 * 60));
    ledgerUp = true;
    expect(await new JobScheduler(engine).runDueJobs()).toBe(0);
    expect(await kit.openTasks(failing.id)).toEqual([]);
  });

  it('given many due timers and two schedulers on one database, when both run at once, then each timer fires exactly once', async () => {
    const engine = await deployAtStart('timer-catch.bpmn');
    const count = 12;
    const instances = [];
    for (let index = 0; index < count; index += 1) {
      instances.push(await startAsClerk('welcomeCall', { followUpAt: '2030-01-01T00:00:00Z' }));
    }
    const { second, closeSecond } = await secondServer(at(10));
    try {
      kit.context.setNow(at(10));
      const fired = await Promise.all([
        new JobScheduler(engine, { batchSize: count * 2 }).runDueJobs(),
        new JobScheduler(second, { batchSize: count * 2 }).runDueJobs(),
      ]);
      expect(fired[0] + fired[1]).toBe(count);
      for (const instance of instances) {
        expect(await kit.historyCount(instance.id, 'timerFired')).toBe(1);
        expect((await jobsOf(instance.id)).map((job) => job.element_id)).toEqual(['followUpDate']);
      }
    } finally {
      await closeSecond();
    }
  });
  it('given reviews with a two-day SLA and two servers scheduling on one database, when the SLA passes, then each review moves to the supervisor once', async () => {
    const engine = await deployAtStart('sla-escalation.bpmn');
    const instances = [];
    for (let index = 0; index < 6; index += 1) {
      instances.push(
        await startAsClerk('slaReview', { officer: 'officer', supervisor: 'manager' }),
      );
    }
    // One minute before the SLA nothing moves.
    kit.context.setNow(at(2 * 24 * 60 - 1));
    expect(await new JobScheduler(engine).runDueJobs()).toBe(0);

    const due = at(2 * 24 * 60);
    const { second, closeSecond } = await secondServer(due);
    try {
      kit.context.setNow(due);
      const fired = await Promise.all([
        new JobScheduler(engine, { batchSize: 20 }).runDueJobs(),
        new JobScheduler(second, { batchSize: 20 }).runDueJobs(),
      ]);
      expect(fired[0] + fired[1]).toBe(instances.length);
      for (const instance of instances) {
        const tasks = await engine.listInstanceTasks(TENANT, instance.id);
        expect(tasks.map((task) => [task.elementId, task.assignee, task.state])).toEqual([
          ['review', 'officer', 'cancelled'],
          ['supervisorReview', 'manager', 'open'],
        ]);
        expect(await jobsOf(instance.id)).toEqual([]);
      }
    } finally {
      await closeSecond();
    }
  });
});
