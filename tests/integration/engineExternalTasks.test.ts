import { beforeEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  type LockedExternalTask,
  type Variables,
} from '../../server/engine';
import { conformanceFixture, TENANT, useConformanceKit } from './engineConformanceKit';

const start = new Date('2026-03-02T09:00:00.000Z');
const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;
const at = (ms: number) => new Date(start.getTime() + ms);

/** The tenant whose work must never reach the first tenant's workers, nor theirs it. */
const OTHER_TENANT = 'other-bank';

describe('external tasks', () => {
  const kit = useConformanceKit(start);
  const engine = () => kit.context.engine;

  beforeEach(async () => {
    // Each case starts with the clock at the start and no work offered by earlier ones.
    kit.context.setNow(start);
    await kit.context.db.deleteFrom('process_external_tasks').execute();
  });

  /** Starts a process as the clerk. */
  const startCase = (key: string, variables: Variables = {}, businessKey?: string) =>
    engine().startProcess(TENANT, {
      key,
      startedBy: 'clerk',
      variables,
      ...(businessKey === undefined ? {} : { businessKey }),
    });

  /** A worker's fetch: its topics, each locked for `lockDurationMs`. */
  const fetch = (
    workerId: string,
    options: {
      topics?: readonly string[];
      maxTasks?: number;
      lockDurationMs?: number;
      tenant?: string;
    } = {},
  ) =>
    engine().fetchAndLockExternalTasks(options.tenant ?? TENANT, {
      workerId,
      maxTasks: options.maxTasks ?? 10,
      topics: (options.topics ?? ['creditBureau']).map((name) => ({
        name,
        lockDurationMs: options.lockDurationMs ?? 5 * minute,
      })),
    });

  /** The one task a fetch must have locked. */
  async function fetchOne(workerId: string, topics?: readonly string[]) {
    const tasks = await fetch(workerId, topics === undefined ? {} : { topics });
    expect(tasks).toHaveLength(1);
    return tasks[0] as LockedExternalTask;
  }

  const rowsOf = (instanceId: string) =>
    kit.context.db
      .selectFrom('process_external_tasks')
      .select(['element_id', 'topic'])
      .where('instance_id', '=', instanceId)
      .execute();

  describe('in each dialect', () => {
    it.each([
      ['external-task-camunda.bpmn', 'bureauCheckCamunda'],
      ['external-task-flowable.bpmn', 'bureauCheckFlowable'],
      ['external-task-activiti-legacy.bpmn', 'bureauCheckLegacy'],
    ])(
      'given %s, when an instance reaches its external task, then a worker of its topic is offered it and completing it moves the case on with the variables',
      async (file, key) => {
        await kit.deploy(file);
        const instance = await startCase(key, { applicant: 'Ada', amount: 12_000 }, `BK-${key}`);
        expect(await kit.openTasks(instance.id)).toEqual([]);
        expect(await engine().listExternalTasks(TENANT, { instanceId: instance.id })).toEqual([
          expect.objectContaining({
            topic: 'creditBureau',
            elementId: 'bureauCheck',
            workerId: null,
            lockExpiresAt: null,
            retries: null,
          }),
        ]);

        const task = await fetchOne('bureau-worker-1');
        expect(task).toMatchObject({
          topic: 'creditBureau',
          instanceId: instance.id,
          businessKey: `BK-${key}`,
          processDefinitionKey: key,
          elementId: 'bureauCheck',
          workerId: 'bureau-worker-1',
          lockExpiresAt: at(5 * minute),
          retries: null,
          variables: { applicant: 'Ada', amount: 12_000 },
        });

        const moved = await engine().completeExternalTask(TENANT, task.id, {
          workerId: 'bureau-worker-1',
          variables: { bureauScore: 710 },
        });
        expect(moved.variables).toEqual({ applicant: 'Ada', amount: 12_000, bureauScore: 710 });
        expect((await kit.openTasks(instance.id)).map((open) => open.name)).toEqual([
          'Decide on a bureau score of 710',
        ]);
        expect(await rowsOf(instance.id)).toEqual([]);
        expect(await kit.historyCount(instance.id, 'externalTaskCompleted')).toBe(1);
      },
    );
  });

  it('given a task after an external task reading what its worker sets, when the definition is checked, then no unwritten-variable warning is given: the worker may set any', async () => {
    const check = await engine().checkDefinition(
      TENANT,
      await conformanceFixture('external-task-camunda.bpmn'),
    );
    expect(check.errors).toEqual([]);
    expect(check.warnings.map((warning) => warning.attribute)).toEqual(['camunda:taskPriority']);
  });

  describe('locks', () => {
    it('given a task a worker locked, when a second worker fetches, then it gets nothing until the lock expires, and then the first may no longer complete it', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      const instance = await startCase('bureauCheckCamunda');
      const first = await fetchOne('worker-a');

      expect(await fetch('worker-b')).toEqual([]);
      kit.context.setNow(at(5 * minute - 1));
      expect(await fetch('worker-b')).toEqual([]);

      kit.context.setNow(at(5 * minute));
      const second = await fetchOne('worker-b');
      expect(second.id).toBe(first.id);
      expect(second.lockExpiresAt).toEqual(at(10 * minute));

      await expect(
        engine().completeExternalTask(TENANT, first.id, { workerId: 'worker-a' }),
      ).rejects.toThrow(ConflictError);
      await engine().completeExternalTask(TENANT, first.id, {
        workerId: 'worker-b',
        variables: { bureauScore: 640 },
      });
      expect((await kit.instance(instance.id)).variables).toEqual({ bureauScore: 640 });
    });

    it('given a lock that expired with nobody fetching since, when its worker completes, then it is refused as expired', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      await startCase('bureauCheckCamunda');
      const task = await fetchOne('worker-a');
      kit.context.setNow(at(6 * minute));
      await expect(
        engine().completeExternalTask(TENANT, task.id, { workerId: 'worker-a' }),
      ).rejects.toThrow(/expired/);
    });

    it('given a task locked by one worker, when another worker completes it, then it is refused and nothing changes', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      const instance = await startCase('bureauCheckCamunda', { amount: 5 });
      const task = await fetchOne('worker-a');

      const refused = engine().completeExternalTask(TENANT, task.id, {
        workerId: 'worker-b',
        variables: { bureauScore: 1 },
      });
      await expect(refused).rejects.toThrow(ConflictError);
      await expect(refused).rejects.toThrow('is locked by another worker');
      expect((await kit.instance(instance.id)).variables).toEqual({ amount: 5 });
      expect(await rowsOf(instance.id)).toEqual([
        { element_id: 'bureauCheck', topic: 'creditBureau' },
      ]);
      expect(await kit.openTasks(instance.id)).toEqual([]);
    });

    it('given a task nobody fetched, when a worker completes it, then it is refused: it must be fetched first', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      const instance = await startCase('bureauCheckCamunda');
      const [task] = await engine().listExternalTasks(TENANT, { instanceId: instance.id });
      await expect(
        engine().completeExternalTask(TENANT, task?.id ?? '', { workerId: 'worker-a' }),
      ).rejects.toThrow('fetch it first');
    });

    it('given a worker that needs longer, when it extends its lock, then nobody else fetches the task meanwhile and it may still complete it', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      await startCase('bureauCheckCamunda');
      const task = await fetchOne('worker-a');

      kit.context.setNow(at(4 * minute));
      const extended = await engine().extendExternalTaskLock(TENANT, task.id, {
        workerId: 'worker-a',
        newDurationMs: 10 * minute,
      });
      expect(extended.lockExpiresAt).toEqual(at(14 * minute));
      await expect(
        engine().extendExternalTaskLock(TENANT, task.id, {
          workerId: 'worker-b',
          newDurationMs: 10 * minute,
        }),
      ).rejects.toThrow(ConflictError);

      kit.context.setNow(at(13 * minute));
      expect(await fetch('worker-b')).toEqual([]);
      await engine().completeExternalTask(TENANT, task.id, { workerId: 'worker-a' });
    });

    it('given tasks made at different times, when a worker fetches fewer than there are, then it gets the oldest first', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      const made: string[] = [];
      for (const [index, minutes] of [0, 3, 1, 2].entries()) {
        kit.context.setNow(at(minutes * minute));
        made[minutes] = (await startCase('bureauCheckCamunda', { order: index })).id;
      }
      const fetched = await fetch('worker-a', { maxTasks: 3 });
      expect(fetched.map((task) => task.instanceId)).toEqual(made.slice(0, 3));
      expect((await fetch('worker-b')).map((task) => task.instanceId)).toEqual([made[3]]);
    });

    it('given many tasks, when two workers fetch at once, then no task is given to both', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      for (let index = 0; index < 6; index += 1) await startCase('bureauCheckCamunda');
      const [a, b] = await Promise.all([
        fetch('worker-a', { maxTasks: 4 }),
        fetch('worker-b', { maxTasks: 4 }),
      ]);
      const ids = [...a, ...b].map((task) => task.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    });
  });

  describe('failures', () => {
    it('given a worker failing with retries 2, then 1, then 0, then the task is offered again after each timeout until it becomes an incident, and setting its retries brings it back', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      const instance = await startCase('bureauCheckCamunda');
      const task = await fetchOne('worker-a');

      // 1. Two attempts left, after ten minutes.
      const failed = await engine().failExternalTask(TENANT, task.id, {
        workerId: 'worker-a',
        errorMessage: 'The bureau timed out',
        retries: 2,
        retryTimeoutMs: 10 * minute,
      });
      expect(failed).toMatchObject({
        workerId: null,
        retries: 2,
        errorMessage: 'The bureau timed out',
        lockExpiresAt: at(10 * minute),
      });
      kit.context.setNow(at(9 * minute));
      expect(await fetch('worker-b')).toEqual([]);
      kit.context.setNow(at(10 * minute));
      const again = await fetchOne('worker-b');
      expect(again).toMatchObject({
        id: task.id,
        retries: 2,
        errorMessage: 'The bureau timed out',
      });

      // 2. One attempt left, at once.
      await engine().failExternalTask(TENANT, task.id, {
        workerId: 'worker-b',
        errorMessage: 'The bureau answered 503',
        retries: 1,
        retryTimeoutMs: 0,
      });
      const last = await fetchOne('worker-a');

      // 3. None left: an incident, never fetched, listed with its error.
      await engine().failExternalTask(TENANT, last.id, {
        workerId: 'worker-a',
        errorMessage: 'The bureau refused our certificate',
        retries: 0,
        retryTimeoutMs: 0,
      });
      kit.context.setNow(at(3 * 24 * hour));
      expect(await fetch('worker-a')).toEqual([]);
      expect(await engine().listExternalTasks(TENANT, { failedOnly: true })).toEqual([
        expect.objectContaining({
          id: task.id,
          instanceId: instance.id,
          retries: 0,
          errorMessage: 'The bureau refused our certificate',
          workerId: null,
        }),
      ]);
      expect(await kit.historyCount(instance.id, 'externalTaskFailed')).toBe(3);

      // 4. Someone fixed the cause: one more attempt, fetched at once and completed.
      const retried = await engine().setExternalTaskRetries(TENANT, task.id, 1, 'manager');
      expect(retried.retries).toBe(1);
      expect(await engine().listExternalTasks(TENANT, { failedOnly: true })).toEqual([]);
      const revived = await fetchOne('worker-a');
      await engine().completeExternalTask(TENANT, revived.id, {
        workerId: 'worker-a',
        variables: { bureauScore: 700 },
      });
      expect((await kit.openTasks(instance.id)).map((open) => open.elementId)).toEqual(['decide']);
    });

    it('given a failure with a very long message, when it is stored, then it is cut to 2,000 characters', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      await startCase('bureauCheckCamunda');
      const task = await fetchOne('worker-a');
      const failed = await engine().failExternalTask(TENANT, task.id, {
        workerId: 'worker-a',
        errorMessage: 'stack frame\n'.repeat(1_000),
        retries: 0,
        retryTimeoutMs: 0,
      });
      expect(failed.errorMessage).toHaveLength(2_000);
      expect(failed.errorMessage?.endsWith('…')).toBe(true);
    });

    it('given a task locked by another worker, when a worker reports it failed, then it is refused and the lock stays', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      await startCase('bureauCheckCamunda');
      const task = await fetchOne('worker-a');
      await expect(
        engine().failExternalTask(TENANT, task.id, {
          workerId: 'worker-b',
          errorMessage: 'not mine',
          retries: 0,
          retryTimeoutMs: 0,
        }),
      ).rejects.toThrow(ConflictError);
      const [listed] = await engine().listExternalTasks(TENANT, { topic: 'creditBureau' });
      expect(listed).toMatchObject({ workerId: 'worker-a', retries: null, errorMessage: null });
    });
  });

  describe('when the token leaves otherwise', () => {
    it('given a task a worker holds, when the instance is withdrawn, then the task goes and the worker can no longer complete it', async () => {
      await kit.deploy('external-task-cancelled.bpmn');
      const instance = await startCase('statementCollection');
      const task = await fetchOne('bank-worker', ['bankStatements']);

      await engine().cancelInstance(TENANT, instance.id, {
        userId: 'clerk',
        reason: 'The customer withdrew',
      });

      expect(await rowsOf(instance.id)).toEqual([]);
      expect(await kit.historyCount(instance.id, 'externalTaskCancelled')).toBe(1);
      await expect(
        engine().completeExternalTask(TENANT, task.id, { workerId: 'bank-worker' }),
      ).rejects.toThrow(NotFoundError);
      kit.context.setNow(at(hour));
      expect(await fetch('bank-worker', { topics: ['bankStatements'] })).toEqual([]);
    });

    it('given a terminate end event on another path, when it is reached, then the task goes with the instance', async () => {
      await kit.deploy('external-task-cancelled.bpmn');
      const instance = await startCase('statementCollection');
      expect(await rowsOf(instance.id)).toHaveLength(1);

      const ended = await kit.complete(instance.id, 'stopCase');

      expect(ended.status).toBe('Completed');
      expect(await rowsOf(instance.id)).toEqual([]);
    });

    it('given an interrupting timer on the sub-process around the task, when it fires, then the task goes and the boundary path is taken', async () => {
      await kit.deploy('external-task-cancelled.bpmn');
      const instance = await startCase('statementCollection');
      const task = await fetchOne('bank-worker', ['bankStatements']);

      kit.context.setNow(at(2 * hour));
      while ((await engine().fireNextDueJob()).state !== 'none') {
        // every due timer fires
      }

      expect(await rowsOf(instance.id)).toEqual([]);
      expect((await kit.openTasks(instance.id)).map((open) => open.elementId).sort()).toEqual([
        'chaseManually',
        'stopCase',
      ]);
      await expect(
        engine().completeExternalTask(TENANT, task.id, { workerId: 'bank-worker' }),
      ).rejects.toThrow(NotFoundError);
    });

    it('given the worker completes the task in the sub-process, then the sub-process ends and no boundary timer is left for it', async () => {
      await kit.deploy('external-task-cancelled.bpmn');
      const instance = await startCase('statementCollection');
      const task = await fetchOne('bank-worker', ['bankStatements']);
      await engine().completeExternalTask(TENANT, task.id, { workerId: 'bank-worker' });
      const jobs = await kit.context.db
        .selectFrom('process_jobs')
        .select('element_id')
        .where('instance_id', '=', instance.id)
        .execute();
      expect(jobs).toEqual([]);
      expect((await kit.openTasks(instance.id)).map((open) => open.elementId)).toEqual([
        'stopCase',
      ]);
    });
  });

  describe('multi-instance', () => {
    it('given a multi-instance external task over a list, then each item is a task of its own with its element variable, and the activity completes with the last', async () => {
      await kit.deploy('external-task-multi-instance.bpmn');
      const bureaus = ['equifax', 'experian', 'transunion'];
      const instance = await startCase('bureauPanel', { bureaus, amount: 9 });
      expect(await rowsOf(instance.id)).toHaveLength(3);

      const named = await engine().fetchAndLockExternalTasks(TENANT, {
        workerId: 'panel-worker',
        maxTasks: 10,
        topics: [{ name: 'bureau.query', lockDurationMs: minute, variables: ['bureau', 'none'] }],
      });
      const byBureau = named
        .map((task) => task.variables)
        .sort((a, b) => String(a.bureau).localeCompare(String(b.bureau)));
      expect(byBureau).toEqual(bureaus.map((bureau) => ({ bureau })));

      kit.context.setNow(at(minute));
      const all = await fetch('panel-worker', { topics: ['bureau.query'] });
      expect(all).toHaveLength(3);
      for (const task of all) {
        expect(task.variables).toMatchObject({ bureaus, amount: 9, nrOfInstances: 3 });
        expect(bureaus[Number(task.variables.loopCounter)]).toBe(task.variables.bureau);
      }

      const [firstTask, secondTask, thirdTask] = all;
      for (const task of [firstTask, secondTask]) {
        await engine().completeExternalTask(TENANT, task?.id ?? '', {
          workerId: 'panel-worker',
          variables: { [`${String(task?.variables.bureau)}Score`]: 600 },
        });
      }
      expect(await kit.openTasks(instance.id)).toEqual([]);
      expect(await rowsOf(instance.id)).toHaveLength(1);

      await engine().completeExternalTask(TENANT, thirdTask?.id ?? '', {
        workerId: 'panel-worker',
      });
      expect((await kit.openTasks(instance.id)).map((open) => open.elementId)).toEqual(['compare']);
      expect(await rowsOf(instance.id)).toEqual([]);
    });
  });

  describe('tenants', () => {
    it("given tasks of one topic in two tenants, then each tenant's workers fetch only its own, and another tenant can neither complete, fail, extend, retry nor list them", async () => {
      await kit.context.seed([{ id: 'outsider', tenant: OTHER_TENANT }]);
      await kit.deploy('external-task-camunda.bpmn');
      await engine().deploy(OTHER_TENANT, await conformanceFixture('external-task-camunda.bpmn'));
      const ours = await startCase('bureauCheckCamunda');
      const theirs = await engine().startProcess(OTHER_TENANT, {
        key: 'bureauCheckCamunda',
        startedBy: 'outsider',
      });

      const [theirTask] = await fetch('worker-x', { tenant: OTHER_TENANT });
      expect(theirTask?.instanceId).toBe(theirs.id);
      expect(await fetch('worker-x', { tenant: OTHER_TENANT })).toEqual([]);
      const ourTask = await fetchOne('worker-x');
      expect(ourTask.instanceId).toBe(ours.id);

      const asOther = OTHER_TENANT;
      await expect(
        engine().completeExternalTask(asOther, ourTask.id, { workerId: 'worker-x' }),
      ).rejects.toThrow(NotFoundError);
      await expect(
        engine().failExternalTask(asOther, ourTask.id, {
          workerId: 'worker-x',
          errorMessage: 'x',
          retries: 0,
          retryTimeoutMs: 0,
        }),
      ).rejects.toThrow(NotFoundError);
      await expect(
        engine().extendExternalTaskLock(asOther, ourTask.id, {
          workerId: 'worker-x',
          newDurationMs: minute,
        }),
      ).rejects.toThrow(NotFoundError);
      await expect(engine().setExternalTaskRetries(asOther, ourTask.id, 3)).rejects.toThrow(
        NotFoundError,
      );
      expect((await engine().listExternalTasks(asOther)).map((task) => task.instanceId)).toEqual([
        theirs.id,
      ]);

      await engine().completeExternalTask(TENANT, ourTask.id, { workerId: 'worker-x' });
      expect(await rowsOf(theirs.id)).toHaveLength(1);
    });
  });

  describe('input outside its bounds', () => {
    const topic = { name: 'creditBureau', lockDurationMs: minute };
    it.each([
      ['no task', { workerId: 'w', topics: [topic], maxTasks: 0 }, 'maxTasks'],
      ['101 tasks', { workerId: 'w', topics: [topic], maxTasks: 101 }, 'maxTasks'],
      ['half a task', { workerId: 'w', topics: [topic], maxTasks: 1.5 }, 'maxTasks'],
      ['an empty worker id', { workerId: '', topics: [topic], maxTasks: 1 }, 'workerId'],
      [
        'a 101-character worker id',
        { workerId: 'w'.repeat(101), topics: [topic], maxTasks: 1 },
        'workerId',
      ],
      ['no topic', { workerId: 'w', topics: [], maxTasks: 1 }, 'topics'],
      [
        'a lock under a second',
        { workerId: 'w', topics: [{ ...topic, lockDurationMs: 999 }], maxTasks: 1 },
        'lockDurationMs',
      ],
      [
        'a lock over a day',
        { workerId: 'w', topics: [{ ...topic, lockDurationMs: 24 * hour + 1 }], maxTasks: 1 },
        'lockDurationMs',
      ],
      [
        'an expression for a topic',
        { workerId: 'w', topics: [{ ...topic, name: '${topic}' }], maxTasks: 1 },
        'topic name',
      ],
      ['one topic twice', { workerId: 'w', topics: [topic, topic], maxTasks: 1 }, 'twice'],
    ])(
      'given a fetch asking for %s, then it is refused as invalid',
      async (_case, input, named) => {
        const refused = engine().fetchAndLockExternalTasks(TENANT, input);
        await expect(refused).rejects.toThrow(InvalidInputError);
        await expect(refused).rejects.toThrow(named);
      },
    );

    it('given a fetch that is refused, then nothing was locked', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      await startCase('bureauCheckCamunda');
      await expect(fetch('w', { maxTasks: 0 })).rejects.toThrow(InvalidInputError);
      expect(await fetch('w')).toHaveLength(1);
    });

    it('given completions, failures, extensions and retries outside their bounds, then each is refused as invalid and the task is left as it was', async () => {
      await kit.deploy('external-task-camunda.bpmn');
      const instance = await startCase('bureauCheckCamunda');
      const task = await fetchOne('worker-a');
      let deep: unknown = 'bottom';
      for (let level = 0; level < 70; level += 1) deep = [deep];
      const refusals: [Promise<unknown>, string][] = [
        [
          engine().completeExternalTask(TENANT, task.id, {
            workerId: 'worker-a',
            variables: { score: Number.NaN },
          }),
          'variables.score is not a JSON value',
        ],
        [
          engine().completeExternalTask(TENANT, task.id, {
            workerId: 'worker-a',
            variables: { deep } as Variables,
          }),
          'nests deeper',
        ],
        [
          engine().completeExternalTask(TENANT, task.id, {
            workerId: 'worker-a',
            variables: [] as unknown as Variables,
          }),
          'variables must be an object',
        ],
        [
          engine().failExternalTask(TENANT, task.id, {
            workerId: 'worker-a',
            errorMessage: 'x',
            retries: 101,
            retryTimeoutMs: 0,
          }),
          'retries',
        ],
        [
          engine().failExternalTask(TENANT, task.id, {
            workerId: 'worker-a',
            errorMessage: 'x',
            retries: 1,
            retryTimeoutMs: 7 * 24 * hour + 1,
          }),
          'retryTimeoutMs',
        ],
        [
          engine().failExternalTask(TENANT, task.id, {
            workerId: 'worker-a',
            errorMessage: 42 as unknown as string,
            retries: 1,
            retryTimeoutMs: 0,
          }),
          'errorMessage',
        ],
        [
          engine().extendExternalTaskLock(TENANT, task.id, {
            workerId: 'worker-a',
            newDurationMs: 0,
          }),
          'newDurationMs',
        ],
        [engine().setExternalTaskRetries(TENANT, task.id, -1), 'retries'],
      ];
      for (const [refused, named] of refusals) {
        await expect(refused).rejects.toThrow(InvalidInputError);
        await expect(refused).rejects.toThrow(named);
      }
      expect(await engine().listExternalTasks(TENANT, { instanceId: instance.id })).toEqual([
        expect.objectContaining({
          workerId: 'worker-a',
          lockExpiresAt: at(5 * minute),
          retries: null,
          errorMessage: null,
        }),
      ]);
      expect((await kit.instance(instance.id)).variables).toEqual({});
    });
  });
});
