import { afterEach, describe, expect, it } from 'vitest';
import { ReportListQuery } from '../../schemas/api/reports';
import { REPORT_PAGE_SIZE, ReportPath } from '../../schemas/api/reportsConstants';
import { FakeServer } from '../testing/fakeServer';
import { fetchReportList } from './reportsApi';

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
});

describe('spec 001 section 9 (line 166): a high-size query uses page 0 size 4000', () => {
  it('given the report list, when its first page is asked for, then it is page 0 (no cursor) with no size, so the server answers its default of 4000 rows, the most a page may hold', async () => {
    server = new FakeServer();
    server.on('GET', ReportPath.list('loan'), {
      status: 200,
      body: { type: 'loan', result: [], totalElements: 0, next: null },
    });

    await fetchReportList('loan', 'en');

    const [call] = server.calls('GET', ReportPath.list('loan'));
    expect(call?.params).toEqual({ lang: 'en' });
    expect(REPORT_PAGE_SIZE).toBe(4000);
    expect(ReportListQuery.properties.size.maximum).toBe(4000);
  });
});
