import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, NotFoundError, ServerError } from '../api/errors';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import { ToastStore } from '../stores/ToastStore';
import { ReportDetailStore, type ReportDetailCalls } from './ReportDetailStore';
import type { ReportDetail } from '../api/reportsApi';

const DETAIL: ReportDetail = {
  instance: {
    id: 'a6f0c1de-0000-4000-8000-000000000001',
    name: 'Loan application - Hana Sato',
    businessKey: 'LA-2026-000001',
    processDefinitionKey: 'loanApplication',
    processDefinitionName: 'Loan application',
    status: 'Completed',
    started: '2026-10-01T09:00:00.000Z',
    ended: '2026-10-03T15:30:00.000Z',
    startedBy: { id: 'lmartin', fullName: 'Lucas Martin' },
  },
  tasks: [],
};

function calls(overrides: Partial<ReportDetailCalls> = {}): ReportDetailCalls {
  return {
    fetchDetail: vi.fn(() => Promise.resolve(DETAIL)),
    fetchCsv: vi.fn(() => Promise.resolve(new File(['a,b\r\n'], 'loan_report_x.csv'))),
    save: vi.fn(),
    ...overrides,
  };
}

describe('ReportDetailStore', () => {
  it('given a completed instance, when loaded, then its report is there and fully loaded', async () => {
    const store = new ReportDetailStore(new ToastStore(), calls());
    await store.load('loanApplication', DETAIL.instance.id, 'es');
    expect(store.detail).toEqual(DETAIL);
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
  });

  it.each([
    ['an unknown instance', new NotFoundError('NOT_FOUND', 'none')],
    ['an id that is no instance id', new BadRequestError('VALIDATION_ERROR', 'bad id')],
  ])(
    'given %s, when loaded, then it is not found and no toast repeats the page',
    async (_, error) => {
      const toasts = new ToastStore();
      const store = new ReportDetailStore(
        toasts,
        calls({ fetchDetail: () => Promise.reject(error) }),
      );
      await store.load('loan', 'x', 'en');
      expect(store.notFound).toBe(true);
      expect(store.status).toBe(RemoteLoadingStatus.loadingFailed);
      expect(toasts.toasts).toEqual([]);
    },
  );

  it('given a server failure, when loaded, then the try-again toast shows', async () => {
    const toasts = new ToastStore();
    const store = new ReportDetailStore(
      toasts,
      calls({ fetchDetail: () => Promise.reject(new ServerError(500, 'INTERNAL_ERROR', 'x')) }),
    );
    await store.load('loan', 'x', 'en');
    expect(store.notFound).toBe(false);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['common.serverErrorTryAgain']);
  });

  it('given a loaded report, when exported, then the server-made file is saved; a failure says so', async () => {
    const given = calls();
    const toasts = new ToastStore();
    const store = new ReportDetailStore(toasts, given);
    await store.load('loanApplication', DETAIL.instance.id, 'fr');
    await store.exportCsv('loanApplication', 'fr');
    expect(given.fetchCsv).toHaveBeenCalledWith('loanApplication', DETAIL.instance.id, 'fr');
    expect(given.save).toHaveBeenCalledWith(expect.objectContaining({ name: 'loan_report_x.csv' }));
    expect(store.exportStatus).toBe(SavingStatus.success);

    given.fetchCsv = () => Promise.reject(new ServerError(500, 'INTERNAL_ERROR', 'x'));
    await store.exportCsv('loanApplication', 'fr');
    expect(store.exportStatus).toBe(SavingStatus.error);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['reports.exportFailed']);
  });
});
