import { describe, expect, it } from 'vitest';
import { ProcessExecutionError, type Variables } from '../../server/engine';
import { conformanceFixture, useConformanceKit } from './engineConformanceKit';

describe('signal events', () => {
  const kit = useConformanceKit();
  let banks = 0;

  /**
   * A tenant of its own for one test, with the fixtures deployed in it: a signal reaches
   * the whole tenant, so waits left by other tests must not count.
   */
  async function bank(...files: string[]): Promise<string> {
    banks += 1;
    const tenant = `bank-${banks}`;
    await kit.context.seed([{ id: `teller-${banks}`, tenant }]);
    for (const file of files) {
      await kit.context.engine.deploy(tenant, await conformanceFixture(file));
    }
    return tenant;
  }

  const start = (tenant: string, key: string, variables?: Variables) =>
    kit.context.engine.startProcess(tenant, {
      key,
      startedBy: 'clerk',
      ...(variables && { variables }),
    });

  const send = (tenant: string, signalName: string, variables?: Variables) =>
    kit.context.engine.sendSignal(tenant, {
      signalName,
      actor: 'clerk',
      ...(variables && { variables }),
    });

  const openTasks = async (tenant: string, instanceId: string) =>
    (await kit.context.engine.listInstanceTasks(tenant, instanceId, { completed: false })).map(
      (task) => task.elementId,
    );

  async function complete(
    tenant: string,
    instanceId: string,
    elementId: string,
    variables: Variables = {},
  ) {
    const tasks = await kit.context.engine.listInstanceTasks(tenant, instanceId, {
      completed: false,
    });
    const task = tasks.find((candidate) => candidate.elementId === elementId);
    if (task === undefined) throw new Error(`no open '${elementId}' task`);
    return kit.context.engine.completeTask(tenant, task.id, {
      userId: task.assignee ?? '',
      variables,
    });
  }

  const waitsOf = async (instanceId: string) =>
    (
      await kit.context.db
        .selectFrom('process_event_subscriptions')
        .select('element_id')
        .where('instance_id', '=', instanceId)
        .execute()
    )
      .map((row) => row.element_id)
      .sort();

  const instancesOf = (tenant: string, key: string) =>
    kit.context.db
      .selectFrom('process_instances as i')
      .innerJoin('process_definitions as d', (join) =>
        join.onRef('d.tenant', '=', 'i.tenant').onRef('d.id', '=', 'i.definition_id'),
      )
      .select(['i.id', 'i.started_by', 'i.variables', 'd.version'])
      .where('i.tenant', '=', tenant)
      .where('d.key', '=', key)
      .execute();

  const historyOf = (instanceId: string, event: string) =>
    kit.context.db
      .selectFrom('process_history')
      .select(['actor', 'payload'])
      .where('instance_id', '=', instanceId)
      .where('event', '=', event)
      .orderBy('id')
      .execute();

  it('given quotes waiting for a published rate in two banks, when one bank sends the signal, then each of its waits moves on with the variables and the other bank’s stay', async () => {
    const north = await bank('signal-rate-quote.bpmn');
    const south = await bank('signal-rate-quote.bpmn');
    const first = await start(north, 'rateQuote');
    const second = await start(north, 'rateQuote');
    const notYet = await start(north, 'rateQuote');
    const elsewhere = await start(south, 'rateQuote');
    for (const [tenant, quote] of [
      [north, first],
      [north, second],
      [south, elsewhere],
    ] as const) {
      await complete(tenant, quote.id, 'prepareQuote');
    }

    const sent = await send(north, 'ratePublished', { publishedRate: 4.25 });

    expect(sent).toEqual({
      signalName: 'ratePublished',
      waitsReached: 2,
      instancesStarted: 0,
      startedInstanceIds: [],
    });
    for (const quote of [first, second]) {
      expect(await openTasks(north, quote.id)).toEqual(['presentQuote']);
      expect(await kit.context.engine.getVariables(north, quote.id)).toEqual({
        publishedRate: 4.25,
      });
    }
    expect(await openTasks(north, notYet.id)).toEqual(['prepareQuote']);
    expect(await waitsOf(elsewhere.id)).toEqual(['waitForRate']);
    expect(await historyOf(first.id, 'signalReceived')).toEqual([
      { actor: 'clerk', payload: { signalName: 'ratePublished', variables: ['publishedRate'] } },
    ]);
    expect(await historyOf(first.id, 'eventCaught')).toEqual([
      { actor: null, payload: { elementId: 'waitForRate', type: 'signal' } },
    ]);
  });

  it('given a task with a non-interrupting and an interrupting signal boundary event, when each signal comes, then the first opens a side path each time and the second cancels the task', async () => {
    const tenant = await bank('signal-rate-quote.bpmn');
    const quote = await start(tenant, 'rateQuote');
    expect(await waitsOf(quote.id)).toEqual(['frozen', 'rateMoved']);

    expect((await send(tenant, 'baseRateChanged', { newBaseRate: '4.5%' })).waitsReached).toBe(1);
    expect((await send(tenant, 'baseRateChanged', { newBaseRate: '4.75%' })).waitsReached).toBe(1);
    const tasks = await kit.context.engine.listInstanceTasks(tenant, quote.id);
    expect(tasks.map((task) => task.name).sort()).toEqual([
      'Prepare the quote',
      'Recalculate at 4.5%',
      'Recalculate at 4.75%',
    ]);

    expect((await send(tenant, 'lendingFrozen')).waitsReached).toBe(1);
    expect(await openTasks(tenant, quote.id)).toEqual(['recalculate', 'recalculate']);
    const prepare = (await kit.context.engine.listInstanceTasks(tenant, quote.id)).find(
      (task) => task.elementId === 'prepareQuote',
    );
    expect(prepare?.state).toBe('cancelled');
    expect(await waitsOf(quote.id)).toEqual([]);
    expect((await send(tenant, 'baseRateChanged')).waitsReached).toBe(0);
  });

  it('given a sub-process and a call activity with signal boundary events, when the signals come, then the non-interrupting one runs beside the call and the interrupting ones cancel both activities and the called case', async () => {
    const tenant = await bank('signal-called-valuation.bpmn', 'signal-credit-file.bpmn');
    const file = await start(tenant, 'creditFile');
    const [called] = await instancesOf(tenant, 'propertyValuation');
    if (called === undefined) throw new Error('the valuation was not called');

    expect((await send(tenant, 'valuationRulesChanged')).waitsReached).toBe(1);
    expect((await openTasks(tenant, file.id)).sort()).toEqual(['checkRules', 'collectPayslips']);
    expect(await openTasks(tenant, called.id)).toEqual(['valueProperty']);

    expect((await send(tenant, 'lendingFrozen')).waitsReached).toBe(2);
    expect((await openTasks(tenant, file.id)).sort()).toEqual(['checkRules', 'reviewFreeze']);
    expect((await kit.context.engine.getInstance(tenant, called.id)).endedAt).not.toBeNull();
    expect(await openTasks(tenant, called.id)).toEqual([]);
    expect(await waitsOf(file.id)).toEqual([]);
  });

  it('given two processes with a signal start event, one in a second version, when the signal is sent, then the latest version of each starts with the variables, in this bank only', async () => {
    const tenant = await bank('signal-start-review.bpmn', 'signal-start-notice.bpmn');
    const review = await conformanceFixture('signal-start-review.bpmn');
    await kit.context.engine.deploy(
      tenant,
      review.replace('Review the loan book', 'Review the whole loan book'),
    );
    const other = await bank('signal-start-review.bpmn');

    const sent = await send(tenant, 'baseRateChanged', { newBaseRate: 5 });

    expect(sent.instancesStarted).toBe(2);
    const [started] = await instancesOf(tenant, 'rateReview');
    expect(started).toMatchObject({
      version: 2,
      started_by: 'clerk',
      variables: { newBaseRate: 5 },
    });
    const tasks = await kit.context.engine.listInstanceTasks(tenant, started?.id ?? '');
    expect(tasks.map((task) => task.name)).toEqual(['Review the whole loan book at 5']);
    expect(await instancesOf(tenant, 'customerNotice')).toHaveLength(1);
    expect([...sent.startedInstanceIds].sort()).toEqual(
      [started?.id, (await instancesOf(tenant, 'customerNotice'))[0]?.id].sort(),
    );
    expect(await instancesOf(other, 'rateReview')).toEqual([]);
  });

  it('given a process that throws a signal and ends with another, when its task completes, then its own wait, the other cases’ waits and the signal start event are reached in that step', async () => {
    const tenant = await bank(
      'signal-rate-quote.bpmn',
      'signal-start-review.bpmn',
      'signal-throw.bpmn',
    );
    const other = await bank('signal-rate-quote.bpmn');
    const preparing = await start(tenant, 'rateQuote');
    const waiting = await start(tenant, 'rateQuote');
    await complete(tenant, waiting.id, 'prepareQuote');
    const elsewhere = await start(other, 'rateQuote');
    const setting = await start(tenant, 'rateSetting');

    const { instance } = await complete(tenant, setting.id, 'setRate', { newBaseRate: 5 });

    // The join completed: the throw reached the instance's own wait in the same run.
    expect(instance.status).toBe('Completed');
    expect((await historyOf(setting.id, 'signalThrown')).map((row) => row.payload)).toEqual([
      { elementId: 'announce', signalName: 'baseRateChanged', scope: 'global' },
      { elementId: 'published', signalName: 'ratePublished', scope: 'global' },
    ]);
    expect((await openTasks(tenant, preparing.id)).sort()).toEqual(['prepareQuote', 'recalculate']);
    expect(await openTasks(tenant, waiting.id)).toEqual(['presentQuote']);
    const [review] = await instancesOf(tenant, 'rateReview');
    expect(review?.started_by).toBe('clerk');
    expect(await openTasks(other, elsewhere.id)).toEqual(['prepareQuote']);
    expect(await waitsOf(elsewhere.id)).toEqual(['frozen', 'rateMoved']);
  });

  it('given a signal of processInstance scope, when one case throws it, then only that case’s wait is reached, and a sent signal reaches none', async () => {
    const tenant = await bank('signal-instance-scope.bpmn');
    const first = await start(tenant, 'documentBundle');
    const second = await start(tenant, 'documentBundle');

    expect((await send(tenant, 'bundleComplete')).waitsReached).toBe(0);
    await complete(tenant, first.id, 'collect');

    expect(await openTasks(tenant, first.id)).toEqual(['archive']);
    expect(await waitsOf(second.id)).toEqual(['bundleDone']);
    expect((await historyOf(first.id, 'signalThrown'))[0]?.payload).toEqual({
      elementId: 'complete',
      signalName: 'bundleComplete',
      scope: 'processInstance',
    });
  });

  it('given a case waiting for a signal, when it is withdrawn, then its wait is removed and the signal reaches nothing', async () => {
    const tenant = await bank('signal-rate-quote.bpmn');
    const quote = await start(tenant, 'rateQuote');
    await complete(tenant, quote.id, 'prepareQuote');
    expect(await waitsOf(quote.id)).toEqual(['waitForRate']);

    await kit.context.engine.cancelInstance(tenant, quote.id, {
      userId: 'manager',
      reason: 'customer left',
    });

    expect(await waitsOf(quote.id)).toEqual([]);
    expect((await send(tenant, 'ratePublished')).waitsReached).toBe(0);
  });

  it('given an event-based gateway with a signal among its events, when the signal comes, then its path is taken and the message and timer are removed', async () => {
    const tenant = await bank('event-gateway-signal.bpmn');
    const offer = await start(tenant, 'offerAcceptance');
    expect(await waitsOf(offer.id)).toEqual(['accepted', 'frozen']);

    expect((await send(tenant, 'lendingFrozen')).waitsReached).toBe(1);

    expect((await kit.context.engine.getInstance(tenant, offer.id)).status).toBe('Completed');
    expect(await waitsOf(offer.id)).toEqual([]);
    const jobs = await kit.context.db
      .selectFrom('process_jobs')
      .select('id')
      .where('instance_id', '=', offer.id)
      .execute();
    expect(jobs).toEqual([]);
  });

  it('given a process whose signal start event throws the same signal, when the signal is sent, then the step is refused and nothing is started', async () => {
    const tenant = await bank('signal-runaway.bpmn');

    await expect(send(tenant, 'echo')).rejects.toThrow(
      new ProcessExecutionError(
        "signal 'echo' was thrown by the receiver of a signal 25 times over; do processes start or wake each other by signal without end?",
      ),
    );

    expect(await instancesOf(tenant, 'echoChamber')).toEqual([]);
  });
});
