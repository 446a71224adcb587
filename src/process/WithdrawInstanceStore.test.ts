import { afterEach, describe, expect, it } from 'vitest';
import { ProcessPath, WITHDRAW_REASON_MAX } from '../../schemas/api/processesConstants';
import { ToastStore } from '../stores/ToastStore';
import { SavingStatus } from '../stores/statuses';
import { FakeServer } from '../testing/fakeServer';
import {
  reasonProblem,
  WithdrawInstanceStore,
  WithdrawReasonProblem,
} from './WithdrawInstanceStore';

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
});

const WITHDRAWN = {
  id: 'inst-1',
  status: 'Withdrawn',
  ended: '2026-03-02T10:00:00.000Z',
  withdrawal: {
    by: { id: 'lmartin', fullName: 'Lucas Martin' },
    at: '2026-03-02T10:00:00.000Z',
    reason: 'Duplicate',
  },
};

/** A store whose reloads are counted, over a fresh toast store. */
function withdrawStore() {
  const toasts = new ToastStore();
  const reloads: string[] = [];
  const store = new WithdrawInstanceStore({
    toasts,
    reload: async (instanceId) => {
      reloads.push(instanceId);
    },
  });
  return { store, toasts, reloads };
}

describe('the reason of a withdrawal', () => {
  it('given reasons, when checked, then blank ones are missing and longer ones than the limit too long, counted by character once trimmed', () => {
    expect(reasonProblem('')).toBe(WithdrawReasonProblem.required);
    expect(reasonProblem(' \n ')).toBe(WithdrawReasonProblem.required);
    expect(reasonProblem(`  ${'é'.repeat(WITHDRAW_REASON_MAX)}  `)).toBeNull();
    expect(reasonProblem('😀'.repeat(WITHDRAW_REASON_MAX))).toBeNull();
    expect(reasonProblem('x'.repeat(WITHDRAW_REASON_MAX + 1))).toBe(WithdrawReasonProblem.tooLong);
  });
});

describe('withdrawing from the instance page', () => {
  it('given no reason, when confirming, then nothing is sent and the problem shows until a reason is typed', async () => {
    server = new FakeServer();
    const { store } = withdrawStore();
    store.open();

    expect(await store.confirm('inst-1')).toBe(false);

    expect(server.requests).toHaveLength(0);
    expect(store.problem).toBe(WithdrawReasonProblem.required);
    expect(store.refusedConfirmations).toBe(1);
    expect(store.isOpen).toBe(true);
    store.setReason('Duplicate');
    expect(store.problem).toBeNull();
  });

  it('given a reason, when confirming, then it is sent trimmed, the instance is read again before the dialog closes, and the success is said', async () => {
    server = new FakeServer();
    server.on('DELETE', ProcessPath.processInstanceExtended('inst-1'), {
      status: 200,
      body: WITHDRAWN,
    });
    const { store, toasts, reloads } = withdrawStore();
    store.open();
    store.setReason('  Duplicate  ');

    expect(await store.confirm('inst-1')).toBe(true);

    expect(server.calls('DELETE', ProcessPath.processInstanceExtended('inst-1'))[0]?.body).toEqual({
      reason: 'Duplicate',
    });
    expect(reloads).toEqual(['inst-1']);
    expect(store.isOpen).toBe(false);
    expect(store.status).toBe(SavingStatus.success);
    expect(toasts.toasts.map((toast) => [toast.key, toast.intent])).toEqual([
      ['process.withdraw.success', 'success'],
    ]);
  });

  it('given the case ended or changed meanwhile, when confirming, then the conflict is said and the page is read again', async () => {
    server = new FakeServer();
    server.on('DELETE', ProcessPath.processInstanceExtended('inst-1'), {
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', message: 'The case has already ended.' },
    });
    const { store, toasts, reloads } = withdrawStore();
    store.open();
    store.setReason('Duplicate');

    expect(await store.confirm('inst-1')).toBe(false);

    expect(store.isOpen).toBe(false);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['process.withdraw.conflict']);
    expect(reloads).toEqual(['inst-1']);
  });

  it('given the server refuses the reason, when confirming, then the dialog stays open on the problem', async () => {
    server = new FakeServer();
    server.on('DELETE', ProcessPath.processInstanceExtended('inst-1'), {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'A reason has at most 500 characters.',
        details: [{ path: 'body.reason', code: 'maxLength' }],
      },
    });
    const { store, reloads } = withdrawStore();
    store.open();
    store.setReason('Fine here');

    expect(await store.confirm('inst-1')).toBe(false);

    expect(store.isOpen).toBe(true);
    expect(store.problem).toBe(WithdrawReasonProblem.tooLong);
    expect(reloads).toEqual([]);
  });
});
