import { describe, expect, it, vi } from 'vitest';
import { ServerError } from '../api/errors';
import { RemoteLoadingStatus } from '../stores/statuses';
import { ToastStore } from '../stores/ToastStore';
import { ReportListStore, type ReportListCalls } from './ReportListStore';
import type { ReportInstance, ReportListPageData } from '../api/reportsApi';

function instance(id: string): ReportInstance {
  return {
    id,
    name: `Onboarding ${id}`,
    businessKey: null,
    processDefinitionKey: 'customerOnboarding',
    processDefinitionName: 'Customer onboarding',
    status: 'Completed',
    started: '2026-10-01T09:00:00.000Z',
    ended: '2026-10-03T15:30:00.000Z',
    startedBy: { id: 'lmartin', fullName: 'Lucas Martin' },
  };
}

const FIRST: ReportListPageData = {
  rows: [instance('a'), instance('b')],
  totalElements: 3,
  next: 'cursor-b',
};
const LAST: ReportListPageData = {
  rows: [instance('b'), instance('c')],
  totalElements: 3,
  next: null,
};

function calls(...pages: (ReportListPageData | Error)[]): ReportListCalls {
  const fetchList = vi.fn<ReportListCalls['fetchList']>();
  for (const page of pages) {
    if (page instanceof Error) fetchList.mockRejectedValueOnce(page);
    else fetchList.mockResolvedValueOnce(page);
  }
  return { fetchList };
}

describe('ReportListStore', () => {
  it('given a list longer than a page, when loaded, then the first page shows and more is offered', async () => {
    const store = new ReportListStore(new ToastStore(), calls(FIRST));
    await store.load('customer', 'fr');
    expect(store.rows.map((row) => row.id)).toEqual(['a', 'b']);
    expect(store.totalElements).toBe(3);
    expect(store.hasMore).toBe(true);
    expect(store.status).toBe(RemoteLoadingStatus.partiallyLoaded);
  });

  it('given a first page, when more is asked, then the next page is read after its cursor and appended without repeats', async () => {
    const api = calls(FIRST, LAST);
    const store = new ReportListStore(new ToastStore(), api);
    await store.load('customer', 'fr');
    await store.loadMore();
    expect(api.fetchList).toHaveBeenLastCalledWith('customer', 'fr', 'cursor-b');
    expect(store.rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(store.hasMore).toBe(false);
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
  });

  it('given a next page that fails, when more is asked, then the rows stay and asking again continues from the same cursor', async () => {
    const api = calls(FIRST, new ServerError(500, 'INTERNAL', 'Down'), LAST);
    const toasts = new ToastStore();
    const store = new ReportListStore(toasts, api);
    await store.load('customer', 'en');
    await store.loadMore();
    expect(store.rows).toHaveLength(2);
    expect(store.hasMore).toBe(true);
    expect(store.loadingMore).toBe(false);
    await store.loadMore();
    expect(api.fetchList).toHaveBeenLastCalledWith('customer', 'en', 'cursor-b');
    expect(store.rows).toHaveLength(3);
  });
});
