import { describe, expect, it } from 'vitest';
import type { Variables } from '../../server/engine';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('escalation events', () => {
  const kit = useConformanceKit();

  const startAsClerk = (key: string, variables?: Variables) =>
    kit.context.engine.startProcess(TENANT, {
      key,
      startedBy: 'clerk',
      ...(variables && { variables }),
    });

  const openTasks = async (instanceId: string) =>
    (await kit.context.engine.listInstanceTasks(TENANT, instanceId, { completed: false }))
      .map((task) => task.elementId)
      .sort();

  /** The instance a call activity of `parentId` started. */
  async function calledBy(parentId: string) {
    const row = await kit.context.db
      .selectFrom('process_instances')
      .select(['id', 'ended_at'])
      .where('tenant', '=', TENANT)
      .where('parent_instance_id', '=', parentId)
      .executeTakeFirstOrThrow();
    return row;
  }

  describe('boundary events on a sub-process', () => {
    it('given a discount over the limit, when pricing throws the escalation, then the non-interrupting boundary asks for approval and pricing goes on', async () => {
      await kit.deploy('escalation-boundary.bpmn');
      const loan = await startAsClerk('loanPricing');

      await kit.complete(loan.id, 'priceLoan', { discount: 15, rateOffGrid: false });

      expect(await openTasks(loan.id)).toEqual(['approveDiscount', 'finalisePrice']);
      expect(await kit.historyCount(loan.id, 'escalationThrown')).toBe(1);
      await kit.complete(loan.id, 'finalisePrice');
      expect(await openTasks(loan.id)).toEqual(['approveDiscount', 'sendOffer']);
    });

    it('given a rate off the grid, when pricing ends with the escalation, then the boundary that catches any escalation interrupts pricing and stores the code', async () => {
      await kit.deploy('escalation-boundary.bpmn');
      const loan = await startAsClerk('loanPricing');

      await kit.complete(loan.id, 'priceLoan', { discount: 5, rateOffGrid: true });

      expect(await openTasks(loan.id)).toEqual(['handleException']);
      expect(await kit.context.engine.getVariables(TENANT, loan.id)).toMatchObject({
        escalatedFor: 'RATE_EXCEPTION',
      });
      const done = await kit.complete(loan.id, 'handleException');
      expect(done.endedAt).not.toBeNull();
    });
  });

  describe('event sub-processes', () => {
    it('given an offer needing sign-off, when the throw event raises the escalation, then the non-interrupting event sub-process runs beside the path, which goes on', async () => {
      await kit.deploy('escalation-event-subprocess.bpmn');
      const offer = await startAsClerk('offerLetter');

      await kit.complete(offer.id, 'prepareOffer', { outcome: 'signOff' });

      expect(await openTasks(offer.id)).toEqual(['sendOffer', 'signOffOffer']);
      await kit.complete(offer.id, 'sendOffer');
      const done = await kit.complete(offer.id, 'signOffOffer');
      expect(done.endedAt).not.toBeNull();
    });

    it('given an offer withdrawn, when the end event raises the escalation, then the interrupting event sub-process archives the offer with the code stored', async () => {
      await kit.deploy('escalation-event-subprocess.bpmn');
      const offer = await startAsClerk('offerLetter');

      await kit.complete(offer.id, 'prepareOffer', { outcome: 'withdraw' });

      expect(await openTasks(offer.id)).toEqual(['archiveOffer']);
      expect(await kit.context.engine.getVariables(TENANT, offer.id)).toMatchObject({
        withdrawnFor: 'OFFER_WITHDRAWN',
      });
      const done = await kit.complete(offer.id, 'archiveOffer');
      expect(done.endedAt).not.toBeNull();
    });
  });

  describe('uncaught escalations', () => {
    it('given an escalation nothing catches, when a throw event raises it, then the token goes on and nothing else happens', async () => {
      await kit.deploy('escalation-event-subprocess.bpmn');
      const offer = await startAsClerk('offerLetter');

      await kit.complete(offer.id, 'prepareOffer', { outcome: 'note' });

      expect(await openTasks(offer.id)).toEqual(['sendOffer']);
      expect(await kit.historyCount(offer.id, 'escalationNotCaught')).toBe(1);
    });

    it('given an escalation nothing catches, when an end event raises it, then the path ends there and the instance completes without an error', async () => {
      await kit.deploy('escalation-event-subprocess.bpmn');
      const offer = await startAsClerk('offerLetter');

      const done = await kit.complete(offer.id, 'prepareOffer', { outcome: 'lapse' });

      expect(done.endedAt).not.toBeNull();
      expect(await openTasks(offer.id)).toEqual([]);
    });
  });

  describe('through a call activity', () => {
    it('given missing payslips, when the called process raises the escalation as it starts, then the caller’s non-interrupting boundary chases the employer and both go on', async () => {
      await kit.deploy('escalation-called.bpmn', 'escalation-caller.bpmn');

      const check = await startAsClerk('affordability', { payslipsMissing: true });

      expect(await openTasks(check.id)).toEqual(['chaseEmployer']);
      const called = await calledBy(check.id);
      expect(called.ended_at).toBeNull();
      expect(await openTasks(called.id)).toEqual(['collectPayslips']);
      await kit.complete(called.id, 'collectPayslips', { fraud: false });
      expect(await openTasks(check.id)).toEqual(['chaseEmployer', 'decide']);
    });

    it('given forged payslips, when the called process ends with the escalation, then the caller’s interrupting boundary takes the path to the fraud review instead of the decision', async () => {
      await kit.deploy('escalation-called.bpmn', 'escalation-caller.bpmn');
      const check = await startAsClerk('affordability', { payslipsMissing: false });
      const called = await calledBy(check.id);

      await kit.complete(called.id, 'collectPayslips', { fraud: true });

      expect(await openTasks(check.id)).toEqual(['reviewFraud']);
      expect((await calledBy(check.id)).ended_at).not.toBeNull();
      expect(await kit.historyCount(check.id, 'boundaryEventFired')).toBe(1);
    });
  });
});
