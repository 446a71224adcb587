import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityClient } from '../../tests/integration/identityClient';
import { TaskPath, type TaskListAnswer } from '../../schemas/api/tasks';
import { NotificationPath, type NotificationSummary } from '../../schemas/api/notifications';
import { CommentPath, type CommentsAnswer } from '../../schemas/api/comments';
import { startTestServer, type TestServer } from '../testing/startTestServer';
import { seedDemoWorkload } from './demoWorkload';

describe('demo workload', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ demoWorkload: true });
  });

  afterAll(async () => {
    await server.close();
  });

  const signedIn = async (email: string, tenant = 'internal') => {
    const client = identityClient(server, tenant);
    await client.login(email);
    return client;
  };
  const list = async (
    email: string,
    kind: 'assigned' | 'candidate' | 'team',
    tenant = 'internal',
  ) => {
    const client = await signedIn(email, tenant);
    const response = await client.request({
      method: 'POST',
      url: TaskPath[kind],
      body: { page: 0, size: 200 },
    });
    return response.json<TaskListAnswer>();
  };

  it('given a first start, when counting, then internal has at least 300 open tasks and acme a handful', async () => {
    const rows = await server.database.db
      .selectFrom('tasks')
      .select(['tenant', sql<number>`count(*)`.as('open')])
      .where('state', '=', 'open')
      .groupBy('tenant')
      .orderBy('tenant')
      .execute();
    const open = Object.fromEntries(rows.map((row) => [row.tenant, Number(row.open)]));
    expect(open.internal).toBeGreaterThanOrEqual(300);
    expect(open.acme).toBeGreaterThanOrEqual(4);
    expect(open.acme).toBeLessThan(10);
    const ended = await server.database.db
      .selectFrom('process_instances')
      .select(sql<number>`count(*)`.as('count'))
      .where('ended_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(ended.count)).toBeGreaterThanOrEqual(3);
  });

  it('given the officers, when they open their lists, then every tab and quick filter has tasks', async () => {
    const lucas = await list('lucas.martin@tessera.example', 'assigned');
    expect(lucas.totalAll).toBeGreaterThanOrEqual(30);
    expect(lucas.totalNew).toBeGreaterThan(0);
    expect(lucas.totalOverdue).toBeGreaterThan(0);
    expect(lucas.totalToday).toBeGreaterThan(0);
    expect(lucas.totalThisWeek).toBeGreaterThan(lucas.totalToday);
    expect(lucas.content.some((row) => row.dueDate === null)).toBe(true);
    expect((await list('lucas.martin@tessera.example', 'candidate')).totalAll).toBeGreaterThan(20);
    const team = await list('maria.garcia@tessera.example', 'team');
    expect(new Set(team.content.map((row) => row.assignee)).size).toBeGreaterThanOrEqual(4);
    expect((await list('maria.garcia@tessera.example', 'assigned')).totalAll).toBeGreaterThan(10);
    expect((await list('claire.dubois@tessera.example', 'candidate')).totalAll).toBeGreaterThan(0);
    expect((await list('priya.nair@tessera.example', 'assigned')).totalAll).toBeGreaterThan(10);
    expect((await list('ana.souza@acme.example', 'assigned', 'acme')).totalAll).toBeGreaterThan(0);
  });

  it('given the seeded rows, when checked against the engine’s shape, then every open task has its token and history', async () => {
    const db = server.database.db;
    const orphans = await db
      .selectFrom('tasks as t')
      .leftJoin('process_executions as e', (join) =>
        join.onRef('e.tenant', '=', 't.tenant').onRef('e.id', '=', 't.execution_id'),
      )
      .select(['t.id', 't.element_id', 'e.element_id as token_at'])
      .where('t.state', '=', 'open')
      .where((eb) =>
        eb.or([eb('e.id', 'is', null), eb('e.element_id', '<>', eb.ref('t.element_id'))]),
      )
      .execute();
    expect(orphans).toEqual([]);
    const withoutHistory = await db
      .selectFrom('tasks as t')
      .select('t.id')
      .where('t.state', '=', 'open')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('process_history as h')
              .select('h.id')
              .whereRef('h.task_id', '=', 't.id')
              .where('h.event', '=', 'taskCreated'),
          ),
        ),
      )
      .execute();
    expect(withoutHistory).toEqual([]);
  });

  it('given a seeded intake task, when its officer completes it, then the real engine carries the case on', async () => {
    const task = await server.database.db
      .selectFrom('tasks')
      .select(['id', 'instance_id', 'assignee'])
      .where('tenant', '=', 'internal')
      .where('element_id', '=', 'applicationIntake')
      .where('assignee', '=', 'lmartin')
      .where('state', '=', 'open')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const lucas = await signedIn('lucas.martin@tessera.example');
    const response = await lucas.request({
      method: 'POST',
      url: TaskPath.complete(task.id),
      // The intake form's required fields, as an officer fills them in.
      body: {
        values: {
          firstName: 'Ada',
          lastName: 'Moreau',
          dateOfBirth: '1984-03-12',
          customerId: 'CUS-004217',
          employmentStatus: 'employed',
          loanProduct: 'personal',
          loanAmount: 20000,
          termMonths: 60,
          annualRate: 5,
          monthlyIncome: 4200,
          consentCreditCheck: true,
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const next = await server.app.engine.listInstanceTasks('internal', task.instance_id, {
      completed: false,
    });
    expect(next.map((t) => t.elementId).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/supervisorApproval|documentCollection/)]),
    );
  });

  it('given the supervisor, when she looks at notifications and comments, then both have content', async () => {
    const maria = await signedIn('maria.garcia@tessera.example');
    const summary = (
      await maria.request({ url: NotificationPath.summary('mgarcia') })
    ).json<NotificationSummary>();
    expect(summary.candidateTasks.count + summary.assignedTasks.count).toBeGreaterThan(0);
    const commented = await server.database.db
      .selectFrom('task_comments')
      .select('instance_id')
      .where('tenant', '=', 'internal')
      .where('is_reassign', '=', true)
      .executeTakeFirstOrThrow();
    const comments = (
      await maria.request({ url: CommentPath.ofInstance(commented.instance_id) })
    ).json<CommentsAnswer>();
    expect(comments.result.some((comment) => comment.isReassigned)).toBe(true);
  });

  it('given a seeded database, when seeding again, then nothing is added', async () => {
    const count = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('tasks')
            .select(sql<number>`count(*)`.as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    const report = await seedDemoWorkload(server.database.db);
    expect(report.seededTenants).toEqual([]);
    expect(await count()).toBe(before);
  });
});
