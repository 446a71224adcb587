import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TaskPath, type TaskListAnswer, type TaskQueryBody } from '../../schemas/api/tasks';
import { readTaskListGeneration, TASK_LIST_SOURCES } from '../../server/workflow/taskListCache';
import { queryTaskList, type TaskListKind } from '../../server/workflow/taskListQuery';
import {
  call,
  deployKit,
  EMAIL,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import { capturedStatements } from '../helpers/capturedStatements';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';

const METRICS_TOKEN = 'task-list-cache-metrics';
const ASSIGNED: TaskQueryBody = { page: 0, size: 100, state: 'OPEN', assignment: 'INVOLVED' };

/** Every table named in a plan (EXPLAIN's JSON), sub-plans and init-plans included. */
function relationsOf(plan: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(plan)) {
    for (const item of plan) relationsOf(item, into);
  } else if (plan && typeof plan === 'object') {
    for (const [key, value] of Object.entries(plan)) {
      if (key === 'Relation Name' && typeof value === 'string') into.add(value);
      else relationsOf(value, into);
    }
  }
  return into;
}

describe('the task lists keep their answers until something they read is written', () => {
  const suite = setUpTestServer({ config: { metricsToken: METRICS_TOKEN } });
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let maria: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    lucas = await signIn(suite.server, EMAIL.lmartin);
    amara = await signIn(suite.server, EMAIL.aokafor);
    maria = await signIn(suite.server, EMAIL.mgarcia);
  });

  const assigned = async (client: IdentityClient): Promise<TaskListAnswer> => {
    const response = await call(client, 'POST', TaskPath.assigned, ASSIGNED);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaskListAnswer>();
  };
  const namesOf = (answer: TaskListAnswer) => answer.content.map((row) => row.taskName).sort();

  /** The cache's answers so far, from the operator's metrics. */
  const cacheCounts = async () => {
    const scrape = await suite.server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const count = (result: string) =>
      Number(
        new RegExp(`^tessera_task_list_answers_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(
          scrape.body,
        )?.[1] ?? Number.NaN,
      );
    return { hits: count('hit'), misses: count('miss') };
  };

  it('given a list read twice with no write between, when read the second time, then it is the kept answer, which a write its triggers do not see would leave stale', async () => {
    const task = await makeTask(suite.server, {
      name: 'Cache kept review',
      assignee: 'lmartin',
      dueDate: '2031-03-04T12:00:00.000Z',
    });
    const dueDateOf = (answer: TaskListAnswer) =>
      answer.content.find((row) => row.taskId === task.id)?.dueDate;
    expect(dueDateOf(await assigned(lucas))).toBe('2031-03-04T12:00:00.000Z');
    const before = await cacheCounts();

    // A write hidden from the triggers (replica mode): only a kept answer can miss it.
    await suite.server.database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('tasks')
        .set({ due_date: '2031-05-06T12:00:00.000Z' })
        .where('id', '=', task.id)
        .execute();
    });

    expect(dueDateOf(await assigned(lucas))).toBe('2031-03-04T12:00:00.000Z');
    const after = await cacheCounts();
    expect(after.hits).toBe(before.hits + 1);
    expect(after.misses).toBe(before.misses);

    // Any write the triggers see, even one that changes no row, gives a fresh answer.
    await suite.server.database.db
      .updateTable('tasks')
      .set({ name: 'Cache kept review' })
      .where('id', '=', 'no such task')
      .execute();
    expect(dueDateOf(await assigned(lucas))).toBe('2031-05-06T12:00:00.000Z');
  });

  it('given lists read by two officers, when a task is claimed and then reassigned through the API, then each next list tells of it', async () => {
    const task = await makeTask(suite.server, {
      name: 'Cache claimable review',
      candidateUsers: ['lmartin', 'aokafor'],
    });
    expect(namesOf(await assigned(lucas))).not.toContain('Cache claimable review');
    expect(namesOf(await assigned(amara))).not.toContain('Cache claimable review');

    const claimed = await call(lucas, 'PUT', TaskPath.claim(task.id));
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    expect(namesOf(await assigned(lucas))).toContain('Cache claimable review');

    const reassigned = await call(maria, 'PUT', TaskPath.reassign, {
      fromUser: 'lmartin',
      toUser: 'aokafor',
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: 'Yours now',
      userId: 'mgarcia',
      taskName: 'Cache claimable review',
    });
    expect(reassigned.statusCode, reassigned.body).toBeLessThan(300);
    expect(namesOf(await assigned(lucas))).not.toContain('Cache claimable review');
    expect(namesOf(await assigned(amara))).toContain('Cache claimable review');
  });

  it('given an administrator renames the assignee, when the list is read again, then the rows carry the new name', async () => {
    await makeTask(suite.server, { name: 'Cache renamed assignee', assignee: 'lmartin' });
    const before = await assigned(lucas);
    const row = before.content.find((entry) => entry.taskName === 'Cache renamed assignee');
    expect(row).toBeDefined();
    const { db } = suite.server.database;
    const [user] = await db
      .selectFrom('users')
      .select('last_name')
      .where('id', '=', 'lmartin')
      .execute();
    try {
      await db
        .updateTable('users')
        .set({ last_name: 'Martín-Cache' })
        .where('id', '=', 'lmartin')
        .execute();
      const after = await assigned(lucas);
      const renamed = after.content.find((entry) => entry.taskName === 'Cache renamed assignee');
      expect(JSON.stringify(renamed)).toContain('Martín-Cache');
    } finally {
      await db
        .updateTable('users')
        .set({ last_name: user?.last_name ?? 'Martin' })
        .where('id', '=', 'lmartin')
        .execute();
    }
  });

  it('given each table the lists read, when one statement writes to it, then the generation moves, once for a whole transaction', async () => {
    const { db } = suite.server.database;
    for (const table of TASK_LIST_SOURCES) {
      const before = BigInt(await readTaskListGeneration(db));
      await sql`update ${sql.table(table)} set tenant = tenant where false`.execute(db);
      expect(BigInt(await readTaskListGeneration(db)), table).toBe(before + 1n);
    }
    const before = BigInt(await readTaskListGeneration(db));
    await db.transaction().execute(async (trx) => {
      for (const table of TASK_LIST_SOURCES) {
        await sql`update ${sql.table(table)} set tenant = tenant where false`.execute(trx);
      }
    });
    expect(BigInt(await readTaskListGeneration(db))).toBe(before + 1n);
  });

  it.each<[TaskListKind, TaskQueryBody]>([
    ['assigned', ASSIGNED],
    [
      'assigned',
      {
        ...ASSIGNED,
        filterParams: { taskName: 'Approuver' },
        sortParams: [{ param: 'pd.name', order: 'ASC' }],
      },
    ],
    ['candidate', { page: 0, size: 10, state: 'OPEN', assignment: 'CANDIDATE' }],
    [
      'team',
      {
        page: 0,
        size: 10,
        state: 'OPEN',
        assignment: 'TEAM',
        sortParams: [{ param: 'iu.displayName', order: 'DESC' }],
      },
    ],
  ])(
    'given the %s list, when its statements are planned, then they read only tables whose writes move the generation',
    async (kind, body) => {
      const { db } = suite.server.database;
      const statements = await capturedStatements(db, (capturing) =>
        queryTaskList(capturing, {
          kind,
          actor: {
            tenant: 'internal',
            userId: 'mgarcia',
            privileges: ['access-task'],
            language: 'fr',
          },
          body,
          now: new Date(),
        }),
      );
      expect(statements.length).toBeGreaterThan(0);
      const read = new Set<string>();
      for (const compiled of statements) {
        const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>({
          ...compiled,
          sql: `explain (format json) ${compiled.sql}`,
        });
        relationsOf(
          plan.rows.map((row) => row['QUERY PLAN']),
          read,
        );
      }
      expect(read.size).toBeGreaterThan(0);
      expect(
        [...read].filter((table) => !(TASK_LIST_SOURCES as readonly string[]).includes(table)),
      ).toEqual([]);
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)('the lists generation under concurrent writers', () => {
  const suite = setUpTestServer();

  it('given a writer holding its transaction open, when others write meanwhile, then none waits for it and each is counted once it commits', async () => {
    const { db } = suite.server.database;
    const before = BigInt(await readTaskListGeneration(db));
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    let bumped: () => void = () => undefined;
    const holding = new Promise<void>((done) => {
      bumped = done;
    });
    const holder = db.transaction().execute(async (trx) => {
      await sql`update tasks set tenant = tenant where false`.execute(trx);
      bumped();
      await held;
    });
    await holding;
    try {
      // Three more writers, each on its own connection, while the first holds its row.
      const others = Promise.all(
        [0, 1, 2].map(() =>
          db.transaction().execute(async (trx) => {
            await sql`update users set tenant = tenant where false`.execute(trx);
          }),
        ),
      );
      const outcome = await Promise.race([
        others.then(() => 'committed'),
        new Promise((done) => setTimeout(() => done('waited'), 10_000)),
      ]);
      expect(outcome).toBe('committed');
      expect(BigInt(await readTaskListGeneration(db))).toBe(before + 3n);
    } finally {
      release();
      await holder;
    }
    expect(BigInt(await readTaskListGeneration(db))).toBe(before + 4n);
  });
});
