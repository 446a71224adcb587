import { describe, expect, it } from 'vitest';
import type { TaskListAnswer } from '../../schemas/api/tasks';
import type { AppDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedFormDefinitions } from '../forms/seedFormDefinitions';
import { createTestDatabase } from '../testing/createTestDatabase';
import { queryTaskList, type TaskListKind } from '../workflow/taskListQuery';
import { seedDemoRecords } from './demoRecords';
import { seedDemoWorkload } from './demoWorkload';
import { seedIdentity } from './seedIdentity';

// Seeding takes seconds, and many more on a busy machine: generous limits, not short ones.
const SEED_TIMEOUT_MS = 180_000;

/**
 * A fresh database seeded as a first start seeds it (users, forms, records and their
 * dictionaries, then the workload around `now`), so the demo's cases pass their forms'
 * checks here as they must there.
 */
async function seededAt(now: Date): Promise<AppDatabase> {
  const database = await createTestDatabase();
  try {
    await migrate(database.db);
    await seedIdentity(database.db, { log2N: 11, r: 8, p: 1 });
    await seedFormDefinitions(database.db);
    await seedDemoRecords(database.db);
    await seedDemoWorkload(database.db, { now });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The first page (200 rows) of one of a user's lists, as the API answers it at `now`. */
async function firstPage(
  database: AppDatabase,
  userId: string,
  kind: TaskListKind,
  now: Date,
  tenant = 'internal',
): Promise<TaskListAnswer> {
  const user = await database.db
    .selectFrom('users')
    .select('privileges')
    .where('tenant', '=', tenant)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return queryTaskList(database.db, {
    kind,
    actor: { tenant, userId, privileges: user.privileges },
    body: { page: 0, size: 200 },
    now,
  });
}

/** Every open task as content only (the engine's story rows get fresh ids on each run). */
async function openTaskContents(database: AppDatabase): Promise<string[]> {
  const rows = await database.db
    .selectFrom('tasks')
    .select(['tenant', 'element_id', 'name', 'assignee', 'created_at', 'due_date'])
    .where('state', '=', 'open')
    .execute();
  return rows
    .map((row) =>
      [
        row.tenant,
        row.element_id,
        row.name,
        row.assignee ?? '-',
        row.created_at.toISOString(),
        row.due_date?.toISOString() ?? '-',
      ].join('|'),
    )
    .sort();
}

/** The demo's promise at `now`: every tab and quick filter of the officers has tasks. */
async function expectEveryTabFilled(database: AppDatabase, now: Date): Promise<void> {
  const lucas = await firstPage(database, 'lmartin', 'assigned', now);
  expect(lucas.totalAll).toBeGreaterThanOrEqual(30);
  expect(lucas.totalNew).toBeGreaterThan(0);
  expect(lucas.totalOverdue).toBeGreaterThan(0);
  expect(lucas.totalToday).toBeGreaterThan(0);
  // On a Sunday the rest of the week is today, so WEEK holds exactly TODAY's tasks.
  if (now.getUTCDay() === 0) expect(lucas.totalThisWeek).toBe(lucas.totalToday);
  else expect(lucas.totalThisWeek).toBeGreaterThan(lucas.totalToday);
  expect(lucas.content).toHaveLength(lucas.totalAll);
  expect(lucas.content.some((row) => row.dueDate === null)).toBe(true);
  expect((await firstPage(database, 'lmartin', 'candidate', now)).totalAll).toBeGreaterThan(20);
  const team = await firstPage(database, 'mgarcia', 'team', now);
  expect(new Set(team.content.map((row) => row.assignee)).size).toBeGreaterThanOrEqual(4);
  expect((await firstPage(database, 'mgarcia', 'assigned', now)).totalAll).toBeGreaterThan(10);
  expect((await firstPage(database, 'cdubois', 'candidate', now)).totalAll).toBeGreaterThan(0);
  expect((await firstPage(database, 'pnair', 'assigned', now)).totalAll).toBeGreaterThan(10);
  expect(
    (await firstPage(database, 'acme-asouza', 'assigned', now, 'acme')).totalAll,
  ).toBeGreaterThan(0);
  // Nothing was made after the clock the demo was built around.
  const future = await database.db
    .selectFrom('tasks')
    .select('id')
    .where('created_at', '>', now)
    .execute();
  expect(future).toEqual([]);
}

describe('demo workload at a clock the test sets', () => {
  // The first and last minute of a Monday (the week window is the whole week) and of a Sunday
  // (the rest of the week is today), so a rule that leans on the hour shows up here. Monday's
  // first minutes are the clock of the last test, which seeds it twice; each clock costs a
  // fresh database and a whole seed, so middays, which no window starts or ends at, are
  // left out.
  const clocks = ['2026-03-02T23:59:00Z', '2026-03-08T00:30:00Z', '2026-03-08T23:59:00Z'];

  it.each(clocks)(
    'given the demo seeded at %s, when the officers open their lists then, then every tab and quick filter has tasks',
    async (iso) => {
      const now = new Date(iso);
      const database = await seededAt(now);
      try {
        await expectEveryTabFilled(database, now);
      } finally {
        await database.close();
      }
    },
    SEED_TIMEOUT_MS,
  );

  it(
    'given early Monday twice, when the demo is seeded into two databases, then both hold the same tasks and fill every tab',
    async () => {
      const now = new Date('2026-03-02T00:30:00Z');
      const first = await seededAt(now);
      try {
        const second = await seededAt(now);
        try {
          await expectEveryTabFilled(first, now);
          const [a, b] = [await openTaskContents(first), await openTaskContents(second)];
          expect(a.length).toBeGreaterThanOrEqual(300);
          expect(b).toEqual(a);
        } finally {
          await second.close();
        }
      } finally {
        await first.close();
      }
    },
    SEED_TIMEOUT_MS * 2,
  );
});
