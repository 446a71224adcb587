import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Variables } from '../../server/engine';
import { TENANT, useConformanceKit } from './engineConformanceKit';

const events = new URL('../../fixtures/processes/events/', import.meta.url);

describe('compensation and transactions', () => {
  const kit = useConformanceKit();
  const engine = () => kit.context.engine;

  const deploy = async (file: string) =>
    engine().deploy(TENANT, await readFile(new URL(file, events), 'utf8'));

  const start = (key: string, variables?: Variables) =>
    engine().startProcess(TENANT, { key, startedBy: 'clerk', ...(variables && { variables }) });

  const openTasks = async (instanceId: string) =>
    (await kit.openTasks(instanceId)).map((task) => task.elementId).sort();

  /** The handlers compensation started in the instance, in the order it started them. */
  async function handlersStarted(instanceId: string): Promise<string[]> {
    const rows = await kit.context.db
      .selectFrom('process_history')
      .select('payload')
      .where('tenant', '=', TENANT)
      .where('instance_id', '=', instanceId)
      .where('event', '=', 'compensationHandlerStarted')
      .orderBy('id')
      .execute();
    return rows.map((row) => String(row.payload.elementId));
  }

  /** A worker completes the one external task of `topic` waiting in the instance. */
  async function workerCompletes(instanceId: string, topic: string): Promise<void> {
    const locked = await engine().fetchAndLockExternalTasks(TENANT, {
      workerId: 'registry-worker',
      maxTasks: 10,
      topics: [{ name: topic, lockDurationMs: 60_000 }],
    });
    const mine = locked.filter((task) => task.instanceId === instanceId);
    expect(mine).toHaveLength(1);
    await engine().completeExternalTask(TENANT, mine[0]?.id ?? '', {
      workerId: 'registry-worker',
      variables: {},
    });
  }

  describe('a compensation throw event', () => {
    it('given a booking whose three steps completed, when the contract is voided, then each step is undone once, the latest first, one after another, and the client is told only after the last', async () => {
      await deploy('compensation-loan-booking.bpmn');
      const loan = await start('loanBooking');
      await kit.complete(loan.id, 'reserveFunds');
      await workerCompletes(loan.id, 'collateral-registry');

      await kit.complete(loan.id, 'signContract', { contractVoid: true });

      // The latest completion first; the next handler waits for it.
      expect(await openTasks(loan.id)).toEqual(['voidContract']);
      await kit.complete(loan.id, 'voidContract');
      expect(await openTasks(loan.id)).toEqual([]);
      await workerCompletes(loan.id, 'collateral-release');
      expect(await openTasks(loan.id)).toEqual(['releaseFunds']);
      await kit.complete(loan.id, 'releaseFunds');

      // waitForCompletion (the default): the token goes on after the handlers.
      expect(await openTasks(loan.id)).toEqual(['tellClient']);
      expect(await handlersStarted(loan.id)).toEqual([
        'voidContract',
        'unbookCollateral',
        'releaseFunds',
      ]);
      const done = await kit.complete(loan.id, 'tellClient');
      expect(done.endedAt).not.toBeNull();
    });

    it('given a booking abandoned after the collateral, when compensation is thrown, then only the completed steps are undone: the unsigned contract is not voided', async () => {
      await deploy('compensation-loan-booking.bpmn');
      const loan = await start('loanBooking', { abandon: true });
      await kit.complete(loan.id, 'reserveFunds');

      await workerCompletes(loan.id, 'collateral-registry');

      expect(await openTasks(loan.id)).toEqual([]);
      await workerCompletes(loan.id, 'collateral-release');
      await kit.complete(loan.id, 'releaseFunds');
      expect(await openTasks(loan.id)).toEqual(['tellClient']);
      expect(await handlersStarted(loan.id)).toEqual(['unbookCollateral', 'releaseFunds']);
    });

    it('given a booking that went through, when it ends, then nothing is compensated and no completion is kept', async () => {
      await deploy('compensation-loan-booking.bpmn');
      const loan = await start('loanBooking');
      await kit.complete(loan.id, 'reserveFunds');
      await workerCompletes(loan.id, 'collateral-registry');

      const done = await kit.complete(loan.id, 'signContract');

      expect(done.endedAt).not.toBeNull();
      expect(await handlersStarted(loan.id)).toEqual([]);
      const kept = await kit.context.db
        .selectFrom('process_compensations')
        .select('seq')
        .where('tenant', '=', TENANT)
        .where('instance_id', '=', loan.id)
        .execute();
      expect(kept).toEqual([]);
    });

    it('given three tranches paid and the fees charged, when the payout is reversed, then only the tranches are undone (activityRef), once per tranche, the latest first, with each tranche in its handler, while the file is closed without waiting', async () => {
      await deploy('compensation-tranches.bpmn');
      const payout = await start('trancheDisbursement', { tranches: ['A', 'B', 'C'] });
      for (let paid = 0; paid < 3; paid += 1) await kit.complete(payout.id, 'payTranche');

      await kit.complete(payout.id, 'chargeFees', { reverse: true });

      // waitForCompletion="false": the file is closed beside the first reversal.
      expect(await openTasks(payout.id)).toEqual(['closeFile', 'reverseTranche']);
      const names: string[] = [];
      for (let reversed = 0; reversed < 3; reversed += 1) {
        const [task] = (await kit.openTasks(payout.id)).filter(
          (open) => open.elementId === 'reverseTranche',
        );
        names.push(task?.name ?? '');
        await kit.complete(payout.id, 'reverseTranche');
      }
      expect(names).toEqual(['Reverse tranche C', 'Reverse tranche B', 'Reverse tranche A']);
      expect(await openTasks(payout.id)).toEqual(['closeFile']);
      expect(await handlersStarted(payout.id)).not.toContain('refundFees');
      const done = await kit.complete(payout.id, 'closeFile');
      expect(done.endedAt).not.toBeNull();
    });
  });

  describe('a transaction', () => {
    it('given a debited account, when the transfer is rejected, then the bank notification is dropped, the debit is refunded and the case leaves over the cancel boundary event once the refund is done', async () => {
      await deploy('transaction-cancel.bpmn');
      const payout = await start('payoutTransaction');
      await kit.complete(payout.id, 'debitAccount');

      await kit.complete(payout.id, 'reviewTransfer', { rejected: true });

      expect(await openTasks(payout.id)).toEqual(['refundDebit']);
      expect(await kit.historyCount(payout.id, 'transactionCancelled')).toBe(1);
      const notify = (await engine().listInstanceTasks(TENANT, payout.id, {})).find(
        (task) => task.elementId === 'notifyBank',
      );
      expect(notify?.state).toBe('cancelled');
      await kit.complete(payout.id, 'refundDebit');
      expect(await openTasks(payout.id)).toEqual(['handleCancelled']);
      const done = await kit.complete(payout.id, 'handleCancelled');
      expect(done.endedAt).not.toBeNull();
    });

    it('given an approved transfer, when the transaction completes, then nothing is refunded and the case goes on over its flow', async () => {
      await deploy('transaction-cancel.bpmn');
      const payout = await start('payoutTransaction');
      await kit.complete(payout.id, 'debitAccount');
      await kit.complete(payout.id, 'reviewTransfer', { rejected: false });
      await kit.complete(payout.id, 'notifyBank');

      expect(await openTasks(payout.id)).toEqual(['paidOut']);
      expect(await handlersStarted(payout.id)).toEqual([]);
    });
  });
});
