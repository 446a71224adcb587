import { afterEach, describe, expect, it } from 'vitest';
import { UserPath } from '../../schemas/api/usersConstants';
import { FakeServer } from '../testing/fakeServer';
import { DEFAULT_PAGE_SIZE } from './dashboardConstants';
import { DashboardSettingsStore } from './DashboardSettingsStore';

let server: FakeServer | undefined;

afterEach(() => server?.restore());

/** A browser's local storage for one test. */
function memoryStorage() {
  const memory = new Map<string, string>();
  return {
    memory,
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
  };
}

describe('spec 000 section 9 (line 316): the page size is kept per list kind in local storage', () => {
  it('given page sizes chosen for the team and candidate lists, when the dashboard is built again on the same local storage, then each list kind gets its own size back and the assigned list keeps the default 10', () => {
    server = new FakeServer().on('PATCH', UserPath.settings, { status: 200, body: {} });
    const storage = memoryStorage();
    const first = new DashboardSettingsStore(storage);
    expect(first.settings.pageSizes).toEqual({ assigned: 10, candidate: 10, team: 10 });
    expect(DEFAULT_PAGE_SIZE).toBe(10);

    first.setPageSize('team', 100);
    first.setPageSize('candidate', 5);
    expect(storage.memory.size).toBe(1);

    // A new page load: nothing but local storage to go on before the server answers.
    const again = new DashboardSettingsStore(storage);
    expect(again.settings.pageSizes).toEqual({ assigned: 10, candidate: 5, team: 100 });
  });
});
