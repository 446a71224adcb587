import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityClient } from '../../tests/integration/identityClient';
import { TaskPath } from '../../schemas/api/tasks';
import { NotificationPath, type NotificationSummary } from '../../schemas/api/notifications';
import { CommentPath, type CommentsAnswer } from '../../schemas/api/comments';
import type { ReportListAnswer } from '../../schemas/api/reports';
import { ReportPath } from '../../schemas/api/reportsConstants';
import { formRepositoryFor } from '../forms/formRepository';
import { startTestServer, type TestServer } from '../testing/startTestServer';
import { resolveUserTask } from '../engine/runner/resolveUserTask';
import { loadValueDisplay } from '../engine/valueDisplay';
import { seedDemoWorkload } from './demoWorkload';

/** Field types whose value is a file the demo has none of (a photo, a signature, a scan). */
const MEDIA_TYPES = new Set(['picture', 'signature', 'upload', 'uploadExcel']);

// Seeding takes seconds, and many more on a busy machine: generous limits, not short ones.
const SEED_TIMEOUT_MS = 180_000;

describe('demo workload', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ demoWorkload: true });
  }, SEED_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
  });

  const signedIn = async (email: string, tenant = 'internal') => {
    const client = identityClient(server, tenant);
    await client.login(email);
    return client;
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

  it('given the seeded demo, when each open task is set beside what the engine makes of its instance, then every row is the engine’s own', async () => {
    const db = server.database.db;
    const engine = server.app.engine;
    const open = await db
      .selectFrom('tasks')
      .select(['tenant', 'id', 'instance_id'])
      .where('state', '=', 'open')
      .orderBy('id')
      .execute();
    expect(open.length).toBeGreaterThanOrEqual(300);
    const mismatches: unknown[] = [];
    for (const { tenant, id, instance_id: instanceId } of open) {
      // The engine's own answers about the task and its instance.
      const task = await engine.getTask(tenant, id);
      const instance = await engine.getInstance(tenant, instanceId);
      const definition = await engine.getDefinition(tenant, task.definitionId);
      const node = definition.model.nodes[task.elementId];
      if (node?.kind !== 'userTask') throw new Error(`${task.elementId} is not a user task`);
      const listed = await engine.listInstanceTasks(tenant, instanceId, { completed: false });
      const history = await db
        .selectFrom('process_history')
        .select(['event', 'actor', 'payload'])
        .where('tenant', '=', tenant)
        .where('task_id', '=', id)
        .orderBy('id')
        .execute();
      // What the engine makes of the definition with the instance's variables.
      const resolved = resolveUserTask(
        node,
        instance.variables,
        { instanceStartedAt: instance.startedAt, taskCreatedAt: task.createdAt },
        // What the process's forms say the values mean (labels, currencies), as the engine reads them.
        await loadValueDisplay(db, tenant, definition.model),
      );
      let assignee = resolved.assignee;
      let dueDate = resolved.dueDate?.toISOString() ?? null;
      for (const entry of history) {
        const payload = entry.payload as { to?: string | null; dueDate?: string | null };
        if (entry.event === 'taskClaimed') assignee = entry.actor;
        if (entry.event === 'taskAssigned') assignee = payload.to ?? null;
        if (entry.event === 'taskDueDateChanged') dueDate = payload.dueDate ?? null;
      }
      const expected = {
        listed: true,
        name: resolved.name,
        formKey: resolved.formKey,
        priority: resolved.priority,
        initiatorCanCompleteTask: resolved.initiatorCanCompleteTask,
        candidates: { users: [...resolved.candidateUsers], groups: [...resolved.candidateGroups] },
        assignee,
        dueDate,
        created: history[0]?.event,
      };
      const candidates = await engine.getTaskCandidates(tenant, id);
      const actual = {
        listed: listed.some((entry) => JSON.stringify(entry) === JSON.stringify(task)),
        name: task.name,
        formKey: task.formKey,
        priority: task.priority,
        initiatorCanCompleteTask: task.initiatorCanCompleteTask,
        candidates: { users: candidates.users, groups: [...candidates.groups].sort() },
        assignee: task.assignee,
        dueDate: task.dueDate?.toISOString() ?? null,
        created: 'taskCreated',
      };
      expected.candidates.groups.sort();
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push({ id, expected, actual });
      }
    }
    expect(mismatches).toEqual([]);
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

  it('given every step of the seeded cases, when its four-eyes rules are read, then nobody performs a step that excludes them', async () => {
    const db = server.database.db;
    const rows = await db
      .selectFrom('tasks as t')
      .innerJoin('process_instances as i', (join) =>
        join.onRef('i.tenant', '=', 't.tenant').onRef('i.id', '=', 't.instance_id'),
      )
      .select([
        't.id',
        't.tenant',
        't.instance_id',
        't.element_id',
        't.state',
        't.assignee',
        't.completed_by',
        't.exclude_initiator',
        't.exclude_performers_of',
        'i.started_by',
      ])
      .execute();
    // Who completed which step of each case, read here rather than through the rule itself.
    const performers = new Map<string, { elementId: string; by: string }[]>();
    for (const row of rows) {
      if (row.state !== 'completed' || row.completed_by === null) continue;
      const list = performers.get(row.instance_id) ?? [];
      list.push({ elementId: row.element_id, by: row.completed_by });
      performers.set(row.instance_id, list);
    }
    const breaches: string[] = [];
    let decisions = 0;
    for (const row of rows) {
      const person = row.state === 'completed' ? row.completed_by : row.assignee;
      const guarded = row.exclude_initiator || row.exclude_performers_of.length > 0;
      if (!guarded || person === null || row.state === 'cancelled') continue;
      if (row.state === 'completed') decisions += 1;
      if (row.exclude_initiator && person === row.started_by) {
        breaches.push(`${row.element_id} ${row.id}: ${person} started the case`);
      }
      for (const earlier of performers.get(row.instance_id) ?? []) {
        if (row.exclude_performers_of.includes(earlier.elementId) && earlier.by === person) {
          breaches.push(`${row.element_id} ${row.id}: ${person} performed ${earlier.elementId}`);
        }
      }
    }
    expect(breaches).toEqual([]);
    // The walk read real decisions: the committee's, the reviews and the compliance checks.
    expect(decisions).toBeGreaterThanOrEqual(10);
  });

  it('given every completed step of the seeded cases, when its values are read against its form, then no required value is empty', async () => {
    const db = server.database.db;
    const forms = formRepositoryFor(db);
    const completed = await db
      .selectFrom('tasks')
      .select(['id', 'tenant', 'element_id', 'form_key', 'variables'])
      .where('state', '=', 'completed')
      .where('form_key', 'is not', null)
      .execute();
    const empty: string[] = [];
    let checked = 0;
    for (const task of completed) {
      const compiled = await forms.compiled(task.tenant, task.form_key ?? '');
      expect(compiled, `${task.element_id} names the form ${task.form_key}`).toBeDefined();
      for (const part of compiled?.parts ?? []) {
        // A combined task's parts that show the case are not what its completer filled in.
        if (!part.fields.some((field) => Object.hasOwn(task.variables, field.id))) continue;
        for (const field of part.fields) {
          if (!field.required || field.readOnly || field.visibleWhen) continue;
          // The demo has no photo, signature or scanned file to upload (see decisions.md).
          if (MEDIA_TYPES.has(field.type)) continue;
          checked += 1;
          const value = task.variables[field.id];
          if (
            value === undefined ||
            value === null ||
            value === '' ||
            (Array.isArray(value) && value.length === 0)
          ) {
            empty.push(`${task.element_id} ${task.id}: ${field.id}`);
          }
        }
      }
    }
    expect(empty).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('given every seeded case and task, when its name is read in each language, then no name is empty or ends on a missing value', async () => {
    const db = server.database.db;
    const unfilled = /\$\{|[:·,;\-–]\s*$|^\s*[:·,;]|\s{2}|\s(?:for|of|to|de|pour|para|à)$/u;
    const named = [
      ...(await db.selectFrom('tasks').select(['id', 'name', 'display_names']).execute()),
      ...(await db
        .selectFrom('process_instances')
        .select(['id', 'name', 'display_names'])
        .execute()),
    ];
    const bad: string[] = [];
    for (const row of named) {
      for (const text of [row.name, ...Object.values(row.display_names ?? {})]) {
        if (text.trim() === '' || unfilled.test(text)) bad.push(`${row.id}: "${text}"`);
      }
    }
    expect(bad).toEqual([]);
    // A case whose customer is known is named after them in every language.
    const cases = await db
      .selectFrom('process_instances as i')
      .innerJoin('process_definitions as d', (join) =>
        join.onRef('d.tenant', '=', 'i.tenant').onRef('d.id', '=', 'i.definition_id'),
      )
      .select(['i.id', 'd.key', 'i.variables', 'i.display_names', 'i.business_key'])
      .where('d.key', 'in', ['loanOrigination', 'customerOnboarding'])
      .execute();
    expect(cases.length).toBeGreaterThan(200);
    const unnamed = cases.filter(({ key, variables, display_names: names, business_key }) => {
      const customer =
        key === 'customerOnboarding'
          ? String(variables.fullName)
          : `${String(variables.firstName)} ${String(variables.lastName)}`;
      return (
        business_key === null ||
        !names ||
        !Object.values(names).every((name) => name.includes(customer))
      );
    });
    expect(
      unnamed.map(({ id, display_names: names }) => `${id}: ${JSON.stringify(names)}`),
    ).toEqual([]);
  });

  it('given the seeded loan applications, when the back office reads their report, then each has product, amount, duration and two different people', async () => {
    const claire = await signedIn('claire.dubois@tessera.example');
    for (const lang of ['en', 'fr']) {
      const response = await claire.request({
        url: `${ReportPath.list('loanApplication')}?lang=${lang}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<ReportListAnswer>().result;
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) {
        const details = row.loanApplicationDetails;
        expect(details?.namePart, row.id).not.toBe('');
        expect(details?.loanAmount, row.id).toBeGreaterThan(0);
        expect(details?.duration, row.id).toBeGreaterThan(0);
        expect(details?.customerFullName, row.id).not.toBe('');
        expect(details?.loanOfficer, row.id).not.toBe('');
        expect(details?.loanSupervisor, row.id).not.toBe('');
        expect(details?.loanSupervisor, row.id).not.toBe(details?.loanOfficer);
      }
    }
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
