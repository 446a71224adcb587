import { describe, expect, it } from 'vitest';
import type { Variables } from '../../server/engine';
import { conformanceFixture, TENANT, useConformanceKit } from './engineConformanceKit';

const start = new Date('2026-03-02T09:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('event sub-processes', () => {
  const kit = useConformanceKit(start);
  let banks = 0;

  const startAsClerk = (key: string, variables?: Variables, tenant = TENANT) =>
    kit.context.engine.startProcess(tenant, {
      key,
      startedBy: 'clerk',
      ...(variables && { variables }),
    });

  const openTasks = async (instanceId: string, tenant = TENANT) =>
    (await kit.context.engine.listInstanceTasks(tenant, instanceId, { completed: false }))
      .map((task) => task.elementId)
      .sort();

  async function complete(
    instanceId: string,
    elementId: string,
    variables: Variables = {},
    tenant = TENANT,
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

  /** The message and signal waits and the timers of an instance, by element. */
  async function waitsOf(instanceId: string) {
    const subscriptions = await kit.context.db
      .selectFrom('process_event_subscriptions')
      .select('element_id')
      .where('instance_id', '=', instanceId)
      .execute();
    const jobs = await kit.context.db
      .selectFrom('process_jobs')
      .select('element_id')
      .where('instance_id', '=', instanceId)
      .execute();
    return [...subscriptions, ...jobs].map((row) => row.element_id).sort();
  }

  const correlate = (messageName: string, instanceId: string, variables?: Variables) =>
    kit.context.engine.correlateMessage(TENANT, {
      messageName,
      processInstanceId: instanceId,
      actor: 'clerk',
      ...(variables && { variables }),
    });

  /** Moves the clock and fires every job due by then. */
  async function clockTo(when: Date) {
    kit.context.setNow(when);
    for (;;) {
      const fired = await kit.context.engine.fireNextDueJob();
      if (fired.state === 'none') return;
    }
  }

  /** A tenant of its own, since a signal reaches every wait of the tenant. */
  async function bank(...files: string[]): Promise<string> {
    banks += 1;
    const tenant = `esp-bank-${banks}`;
    await kit.context.seed([{ id: `esp-teller-${banks}`, tenant }]);
    for (const file of files) {
      await kit.context.engine.deploy(tenant, await conformanceFixture(file));
    }
    return tenant;
  }

  describe('message starts', () => {
    it('given an application under review, when the applicant withdraws, then the review is cancelled, only the withdrawal runs, and once it ends the instance ends', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-message.bpmn');
      const application = await startAsClerk('applicationInbox');
      expect(await waitsOf(application.id)).toEqual(['documentStart', 'withdrawalStart']);

      await correlate('withdrawalRequested', application.id);

      expect(await openTasks(application.id)).toEqual(['closeFile']);
      // The scope is interrupted: its other event sub-process waits no more.
      expect(await waitsOf(application.id)).toEqual([]);
      const done = await complete(application.id, 'closeFile');
      expect(done.instance.endedAt).not.toBeNull();
      expect(await kit.historyCount(application.id, 'taskCancelled')).toBe(1);
    });

    it('given an application under review, when two documents arrive, then each is filed beside the review, and the instance ends only when all are done', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-message.bpmn');
      const application = await startAsClerk('applicationInbox');

      await correlate('documentReceived', application.id, { documentName: 'payslip' });
      await correlate('documentReceived', application.id, { documentName: 'bank statement' });

      expect(await openTasks(application.id)).toEqual([
        'fileDocument',
        'fileDocument',
        'reviewApplication',
      ]);
      expect(await waitsOf(application.id)).toEqual(['documentStart', 'withdrawalStart']);
      const reviewed = await complete(application.id, 'reviewApplication');
      expect(reviewed.instance.endedAt).toBeNull();
      await complete(application.id, 'fileDocument');
      const last = await complete(application.id, 'fileDocument');
      expect(last.instance.endedAt).not.toBeNull();
      // The process scope ended: its event sub-processes wait no more.
      expect(await waitsOf(application.id)).toEqual([]);
      await expect(correlate('documentReceived', application.id)).rejects.toThrow(
        /No process waits/,
      );
    });
  });

  describe('timer starts', () => {
    it('given a decision pending, when the reminder cycle comes round, then a reminder runs each time beside the decision', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-timer.bpmn');
      const decision = await startAsClerk('decisionDeadline');
      expect(await waitsOf(decision.id)).toEqual(['deadlineStart', 'reminderStart']);

      await clockTo(at(51));

      expect(await openTasks(decision.id)).toEqual(['decide', 'remind', 'remind']);
      expect(await waitsOf(decision.id)).toEqual(['deadlineStart', 'reminderStart']);
    });

    it('given a decision pending, when the deadline passes, then the decision and its reminders are cancelled and the manager decides instead; the reminder cycle stops', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-timer.bpmn');
      const decision = await startAsClerk('decisionDeadline');

      await clockTo(at(61));

      expect(await openTasks(decision.id)).toEqual(['managerDecides']);
      expect(await waitsOf(decision.id)).toEqual([]);
      const done = await complete(decision.id, 'managerDecides');
      expect(done.instance.endedAt).not.toBeNull();
    });

    it('given a decision made before any timer, when it completes, then the timers of its event sub-processes are removed', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-timer.bpmn');
      const decision = await startAsClerk('decisionDeadline');

      const done = await complete(decision.id, 'decide');

      expect(done.instance.endedAt).not.toBeNull();
      expect(await waitsOf(decision.id)).toEqual([]);
    });
  });

  describe('signal starts', () => {
    it('given a quote in preparation, when the rate changes twice, then it is quoted again each time beside the preparation', async () => {
      const tenant = await bank('event-subprocess-signal.bpmn');
      const quote = await startAsClerk('branchQuote', undefined, tenant);

      const sent = await kit.context.engine.sendSignal(tenant, {
        signalName: 'rateChanged',
        actor: 'clerk',
      });
      await kit.context.engine.sendSignal(tenant, { signalName: 'rateChanged', actor: 'clerk' });

      expect(sent.waitsReached).toBe(1);
      expect(await openTasks(quote.id, tenant)).toEqual(['prepareQuote', 'requote', 'requote']);
    });

    it('given a quote in preparation, when the branch closes, then the preparation and the requotes are cancelled and the case is transferred', async () => {
      const tenant = await bank('event-subprocess-signal.bpmn');
      const quote = await startAsClerk('branchQuote', undefined, tenant);
      await kit.context.engine.sendSignal(tenant, { signalName: 'rateChanged', actor: 'clerk' });

      await kit.context.engine.sendSignal(tenant, { signalName: 'branchClosed', actor: 'clerk' });

      expect(await openTasks(quote.id, tenant)).toEqual(['transferCase']);
      expect(await waitsOf(quote.id)).toEqual([]);
      const again = await kit.context.engine.sendSignal(tenant, {
        signalName: 'rateChanged',
        actor: 'clerk',
      });
      expect(again.waitsReached).toBe(0);
    });
  });

  describe('error starts', () => {
    it('given a declined loan, when the error end event throws, then the error event sub-process catches it with its code and message, and the instance ends with it', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-error.bpmn');
      const loan = await startAsClerk('identityCheck', { reason: 'affordability' });
      await complete(loan.id, 'checkIdentity', { identityMatches: true });

      await complete(loan.id, 'assess', { declined: true });

      expect(await openTasks(loan.id)).toEqual(['notifyApplicant']);
      expect(await kit.context.engine.getVariables(TENANT, loan.id)).toMatchObject({
        declineCode: 'LOAN_DECLINED',
        declineMessage: 'Declined for affordability',
      });
      const done = await complete(loan.id, 'notifyApplicant');
      expect(done.instance.endedAt).not.toBeNull();
    });

    it('given an identity that does not match, when its error is thrown inside the sub-process, then the sub-process’s own error event sub-process catches it before the boundary event, and the sub-process then completes', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-error.bpmn');
      const loan = await startAsClerk('identityCheck');

      await complete(loan.id, 'checkIdentity', { identityMatches: false });

      expect(await openTasks(loan.id)).toEqual(['verifyInBranch']);
      expect(await kit.context.engine.getVariables(TENANT, loan.id)).toMatchObject({
        verificationError: 'ID_FAILED',
      });
      await complete(loan.id, 'verifyInBranch');
      expect(await openTasks(loan.id)).toEqual(['assess']);
      expect(await kit.historyCount(loan.id, 'boundaryEventFired')).toBe(0);
    });

    it('given an error start event marked non-interrupting, when deployed, then it is refused: an error always interrupts', async () => {
      const xml = (await conformanceFixture('event-subprocess-error.bpmn')).replace(
        '<startEvent id="declineStart">',
        '<startEvent id="declineStart" isInterrupting="false">',
      );
      await expect(kit.context.engine.deploy(TENANT, xml)).rejects.toThrow(
        /declineStart': an error start event always interrupts/,
      );
    });
  });

  describe('inside an embedded sub-process', () => {
    it('given documents being collected, when an extra document arrives, then it is filed beside the upload, and the sub-process completes only when both are done', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-nested.bpmn');
      const collection = await startAsClerk('documentCollection');
      expect(await waitsOf(collection.id)).toEqual(['extraStart', 'tooSlowStart']);

      await correlate('extraDocument', collection.id);

      expect(await openTasks(collection.id)).toEqual(['fileExtra', 'uploadDocuments']);
      await complete(collection.id, 'uploadDocuments');
      expect(await openTasks(collection.id)).toEqual(['fileExtra']);
      await complete(collection.id, 'fileExtra');
      expect(await openTasks(collection.id)).toEqual(['underwrite']);
    });

    it('given documents being collected, when the sub-process completes, then the waits of its event sub-processes are removed and a later message reaches nothing', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-nested.bpmn');
      const collection = await startAsClerk('documentCollection');

      await complete(collection.id, 'uploadDocuments');

      expect(await openTasks(collection.id)).toEqual(['underwrite']);
      expect(await waitsOf(collection.id)).toEqual([]);
      await expect(correlate('extraDocument', collection.id)).rejects.toThrow(/No process waits/);
    });

    it('given documents being collected too slowly, when the timer fires, then the upload is cancelled, the applicant is chased, and then the path goes on after the sub-process', async () => {
      kit.context.setNow(start);
      await kit.deploy('event-subprocess-nested.bpmn');
      const collection = await startAsClerk('documentCollection');

      await clockTo(at(121));

      expect(await openTasks(collection.id)).toEqual(['chaseApplicant']);
      expect(await waitsOf(collection.id)).toEqual([]);
      await complete(collection.id, 'chaseApplicant');
      expect(await openTasks(collection.id)).toEqual(['underwrite']);
    });
  });
});
