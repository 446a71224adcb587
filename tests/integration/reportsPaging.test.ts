import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_PAGE_SIZE,
  ReportPath,
  type ReportInstance,
  type ReportListAnswer,
} from '../../schemas/api/reports';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';

/** More completed onboardings than one page holds, so a second page has a few rows. */
const INSTANCES = REPORT_PAGE_SIZE + 7;

describe('completed-instance reports, paged', () => {
  let server: TestServer;
  let claire: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    // Completed onboardings written straight to the table: three end at each instant (to
    // the microsecond), so pages must break ties by id to neither skip nor repeat a row.
    await sql`
      insert into process_instances (id, tenant, definition_id, name, started_by, started_at, ended_at)
      select 'paged-' || lpad(n::text, 5, '0'), 'internal', d.id, 'Onboarding ' || n, 'lmartin',
        timestamptz '2026-03-01 08:00:00.123456+00' - (n / 3) * interval '1 minute',
        timestamptz '2026-03-02 08:00:00.123456+00' - (n / 3) * interval '1 second'
      from generate_series(1, ${INSTANCES}) as n,
        (select id from process_definitions
          where tenant = 'internal' and key = 'customerOnboarding' limit 1) as d`.execute(db);
    claire = await signIn(server, EMAIL.cdubois);
  }, 300_000);

  afterAll(async () => {
    await server.close();
  });

  const page = async (query: string) => {
    const response = await call(claire, 'GET', `${ReportPath.list('customer')}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportListAnswer>();
  };

  /** Whether rows are newest end first, the id (descending) breaking ties. */
  const inListOrder = (rows: readonly ReportInstance[]) =>
    rows.every((row, index) => {
      const before = rows[index - 1];
      if (!before) return true;
      return before.ended > row.ended || (before.ended === row.ended && before.id > row.id);
    });

  it('given more completed instances than a page, when the list is asked, then the first page stops at the cap and the next continues without overlap', async () => {
    const first = await page('lang=en');
    expect(first.result).toHaveLength(REPORT_PAGE_SIZE);
    expect(first.totalElements).toBe(INSTANCES);
    expect(first.next).not.toBeNull();

    const second = await page(`lang=en&after=${encodeURIComponent(first.next ?? '')}`);
    expect(second.result).toHaveLength(INSTANCES - REPORT_PAGE_SIZE);
    expect(second.next).toBeNull();

    const rows = [...first.result, ...second.result];
    expect(new Set(rows.map((row) => row.id)).size).toBe(INSTANCES);
    expect(inListOrder(rows)).toBe(true);
  });

  it('given pages smaller than the ties at one end time, when walked to the end, then every instance comes once in list order', async () => {
    const seen: ReportInstance[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const after: string = next === null ? '' : `&after=${encodeURIComponent(next)}`;
      const answer = await page(`size=2${after}`);
      expect(answer.result.length).toBeLessThanOrEqual(2);
      seen.push(...answer.result);
      next = answer.next;
      pages += 1;
    } while (next !== null && pages < 40);
    // 40 pages of 2 reach the 80 newest; the walk's rows are the list's first 80.
    const head = await page('size=80');
    expect(seen.map((row) => row.id)).toEqual(head.result.map((row) => row.id));
    expect(inListOrder(seen)).toBe(true);
  });

  it('given an instance that completes while a reader pages, when the next page is asked, then it continues after the last row read', async () => {
    const first = await page('size=5');
    await sql`update process_instances set ended_at = now()
      where id = 'paged-00100'`.execute(server.database.db);
    const second = await page(`size=5&after=${encodeURIComponent(first.next ?? '')}`);
    const firstIds = new Set(first.result.map((row) => row.id));
    expect(second.result.some((row) => firstIds.has(row.id))).toBe(false);
    expect(second.result[0]?.ended.localeCompare(first.result.at(-1)?.ended ?? '')).toBe(-1);
  });

  it('given a page larger than the cap or a cursor that is not one, when asked, then 400', async () => {
    for (const query of [`size=${REPORT_PAGE_SIZE + 1}`, 'size=0', 'after=yesterday']) {
      const response = await call(claire, 'GET', `${ReportPath.list('customer')}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
