import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskPath, type TaskQueryBody, type TaskSortParam } from '../../schemas/api/tasks';
import { PREPARED_STATEMENT, PREPARED_STATEMENTS_KEPT } from '../../server/db/preparingClient';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

// Five times what the connection keeps is enough to show the bound through the whole list
// path; 20,000 shapes and the memory they would hold are proved on the connection itself
// (server/db/preparingClient.test.ts), in a fraction of the time.
const SHAPES = Number(process.env.TESSERA_LIST_SHAPES ?? 5 * PREPARED_STATEMENTS_KEPT);
const PARAMS: TaskSortParam[] = ['dueDate', 'name', 'iu.displayName', 'pd.name', 'createTime'];
const ORDERS = ['ASC', 'DESC'] as const;

/** Every sort list without a repeated column, with each order: 6,330 of them. */
function* sortLists(): Generator<NonNullable<TaskQueryBody['sortParams']>> {
  function* extend(
    prefix: NonNullable<TaskQueryBody['sortParams']>,
  ): Generator<NonNullable<TaskQueryBody['sortParams']>> {
    for (const param of PARAMS) {
      if (prefix.some((entry) => entry.param === param)) continue;
      for (const order of ORDERS) {
        const next = [...prefix, { param, order }];
        yield next;
        yield* extend(next);
      }
    }
  }
  yield* extend([]);
}

/** Distinct list bodies a caller may send: each sort list under several filter sets. */
function* distinctShapes(): Generator<TaskQueryBody> {
  const filterSets: Array<Partial<TaskQueryBody>> = [
    {},
    { filterParams: { taskName: 'review' } },
    { filterParams: { dueDate: '2026-03-02' } },
    { quickFilterType: 'NEW' },
    { quickFilterType: 'TODAY' },
    { quickFilterType: 'WEEK' },
    { quickFilterType: 'OVERDUE' },
    { quickFilterType: 'NEW', filterParams: { dateType: 'OVERDUE', taskName: 'x' } },
  ];
  for (const filters of filterSets) {
    for (const sortParams of sortLists()) yield { page: 0, size: 10, ...filters, sortParams };
  }
}

async function preparedCount(server: TestServer): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from pg_prepared_statements`.execute(server.database.db);
  return rows[0]?.count ?? 0;
}

describe('task-list statement shapes', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    lucas = await signIn(server, EMAIL.lmartin);
    // Starting a server on a fresh database is slow on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await server.close();
  });

  it(`given ${SHAPES} distinct list shapes from one user, when listed, then the database keeps at most ${PREPARED_STATEMENTS_KEPT} prepared statements and lists still answer`, async () => {
    let sent = 0;
    const started = Date.now();
    for (const body of distinctShapes()) {
      if (sent === SHAPES) break;
      const response = await call(lucas, 'POST', TaskPath.assigned, body);
      if (response.statusCode !== 200) {
        throw new Error(`shape ${sent} answered ${response.statusCode}: ${response.body}`);
      }
      sent += 1;
      if (sent % PREPARED_STATEMENTS_KEPT === 0) {
        expect(await preparedCount(server)).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
      }
    }
    expect(sent).toBe(SHAPES);
    console.log(`${SHAPES} shapes in ${Date.now() - started} ms`);
    expect(await preparedCount(server)).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    const again = await call(lucas, 'POST', TaskPath.assigned, { page: 0, size: 10 });
    expect(again.statusCode).toBe(200);
  }, 1_800_000);

  it('given the common list, when listed twice, then its statement stays prepared', async () => {
    const body = { page: 0, size: 10, sortType: 'DUE_DATE_ASC' };
    for (let i = 0; i < 2; i += 1) {
      expect((await call(lucas, 'POST', TaskPath.assigned, body)).statusCode).toBe(200);
    }
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements`.execute(server.database.db);
    const lists = rows.filter(
      (row) => row.statement.startsWith(PREPARED_STATEMENT) && row.statement.includes('counters'),
    );
    expect(lists.length).toBeGreaterThan(0);
  });

  it('given a column sorted twice, when listed, then 400 VALIDATION_ERROR naming sortParams', async () => {
    for (const sortParams of [
      [
        { param: 'name', order: 'ASC' },
        { param: 'name', order: 'DESC' },
      ],
      [
        { param: 'dueDate', order: 'ASC' },
        { param: 'name', order: 'ASC' },
        { param: 'dueDate', order: 'ASC' },
      ],
    ]) {
      const response = await call(lucas, 'POST', TaskPath.candidate, {
        page: 0,
        size: 10,
        sortParams,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.sortParams', code: 'duplicate' }],
      });
    }
  });
});
