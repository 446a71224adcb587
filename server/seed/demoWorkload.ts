import { sql, type Insertable, type Kysely } from 'kysely';
import { Privilege } from '../../schemas/api/identity';
import type { DatabaseSchema } from '../db/schema';
import { ProcessEngine, type ProcessModel, type UserTaskNode, type Variables } from '../engine';
import { fillTemplate as fillPlaceholders, readName, splitTemplate } from '../../src/core/template';
import { projectPath } from '../paths';
import { dateWindows } from '../tasks/dateWindows';
import { subscribeTaskListeners } from '../tasks/taskEnginePlugin';
import {
  COMMENT_TEXTS,
  CUSTOMER_NAMES,
  drawBucket,
  drawTimes,
  REASSIGN_TEXTS,
  SeededRandom,
} from './demoWorkloadPlan';
import { runDemoStories } from './demoWorkloadStories';

/** The BPMN fixtures every tenant gets. */
export const PROCESS_FIXTURES_DIR = projectPath('fixtures', 'processes');

/** Key of the advisory lock that makes the workload seed happen once across processes. */
const WORKLOAD_LOCK_KEY = 7_365_200;

/** The seed of the demo's random choices: the same data on every first start. */
const DEMO_SEED = 20_260_302;

/** The process keys the bulk part of the demo starts. */
type DemoKey = 'loanOrigination' | 'loanApplication' | 'customerOnboarding';

/** Who holds a planned task. */
type Holder =
  | { kind: 'pool' }
  | { kind: 'direct' }
  | { kind: 'claimed'; by: string }
  | { kind: 'reassigned'; claimedBy: string; to: string; by: string; comment: string };

/** One open task of the bulk plan: an instance resting at its first user task. */
interface PlannedTask {
  readonly key: DemoKey;
  readonly startedBy: string;
  readonly variables: Variables;
  readonly holder: Holder;
}

/** How many tasks of each kind a tenant's bulk plan holds. */
interface TenantPlan {
  readonly tenant: string;
  readonly supervisor: string | null;
  readonly tasks: (random: SeededRandom) => PlannedTask[];
}

const times = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => make(index));

function loanVariables(random: SeededRandom): Variables {
  return {
    customerName: random.pick(CUSTOMER_NAMES),
    loanAmount: random.int(10, 240) * 500,
    monthlyIncome: random.int(15, 90) * 100,
  };
}

/**
 * The `internal` tenant's bulk plan (see docs/decisions.md, "Demo workload"): intake tasks
 * claimed by each loan officer and by the supervisor, some moved between officers by the
 * supervisor, an unclaimed pool for the loan officers, the officers' own loan applications,
 * and onboarding captures for the onboarding group, claimed and unclaimed.
 */
function internalTasks(random: SeededRandom): PlannedTask[] {
  const officers = ['lmartin', 'aokafor', 'jmorales', 'tbernard'];
  const intake = (holder: Holder, startedBy = random.pick(officers)): PlannedTask => ({
    key: 'loanOrigination',
    startedBy,
    variables: loanVariables(random),
    holder,
  });
  const claims: [string, number][] = [
    ['lmartin', 36],
    ['aokafor', 32],
    ['jmorales', 30],
    ['tbernard', 16],
    ['mgarcia', 14],
  ];
  const tasks: PlannedTask[] = [];
  for (const [user, count] of claims) {
    tasks.push(...times(count, () => intake({ kind: 'claimed', by: user }, user)));
  }
  // The supervisor moved some cases between officers, with a reassignment comment.
  for (const index of times(15, (i) => i * 7)) {
    const planned = tasks[index];
    if (!planned || planned.holder.kind !== 'claimed' || planned.holder.by === 'mgarcia') continue;
    const from = planned.holder.by;
    const to = random.pick(officers.filter((officer) => officer !== from));
    tasks[index] = {
      ...planned,
      holder: {
        kind: 'reassigned',
        claimedBy: from,
        to,
        by: 'mgarcia',
        comment: random.pick(REASSIGN_TEXTS),
      },
    };
  }
  tasks.push(...times(60, () => intake({ kind: 'pool' })));
  const applicants: [string, number][] = [
    ['lmartin', 9],
    ['aokafor', 9],
    ['jmorales', 8],
    ['mgarcia', 5],
    ['tbernard', 5],
  ];
  for (const [user, count] of applicants) {
    tasks.push(
      ...times(count, () => ({
        key: 'loanApplication' as const,
        startedBy: user,
        variables: { applicantName: random.pick(CUSTOMER_NAMES) },
        holder: { kind: 'direct' as const },
      })),
    );
  }
  const onboarding = (holder: Holder, startedBy: string): PlannedTask => ({
    key: 'customerOnboarding',
    startedBy,
    variables: { customerName: random.pick(CUSTOMER_NAMES) },
    holder,
  });
  tasks.push(...times(16, () => onboarding({ kind: 'claimed', by: 'aokafor' }, 'aokafor')));
  tasks.push(...times(16, () => onboarding({ kind: 'claimed', by: 'pnair' }, 'pnair')));
  // Officers outside the onboarding group may still capture the customers they brought in.
  tasks.push(...times(30, () => onboarding({ kind: 'pool' }, random.pick([...officers, 'pnair']))));
  return tasks;
}

/** The `acme` tenant's handful: its one loan officer's cases and a small pool. */
function acmeTasks(random: SeededRandom): PlannedTask[] {
  const user = 'acme-asouza';
  return [
    ...times(3, () => ({
      key: 'loanOrigination' as const,
      startedBy: user,
      variables: loanVariables(random),
      holder: { kind: 'claimed' as const, by: user },
    })),
    ...times(2, () => ({
      key: 'loanOrigination' as const,
      startedBy: user,
      variables: loanVariables(random),
      holder: { kind: 'pool' as const },
    })),
    {
      key: 'loanApplication',
      startedBy: user,
      variables: { applicantName: random.pick(CUSTOMER_NAMES) },
      holder: { kind: 'direct' },
    },
  ];
}

const PLANS: readonly TenantPlan[] = [
  { tenant: 'internal', supervisor: 'mgarcia', tasks: internalTasks },
  { tenant: 'acme', supervisor: null, tasks: acmeTasks },
];

/** The latest deployed definition of a key, with its model. */
interface DeployedDefinition {
  readonly id: string;
  readonly model: ProcessModel;
}

/** The user task a fresh instance of `model` waits at, and the flow its token came over. */
function firstUserTask(model: ProcessModel): { node: UserTaskNode; via: string } {
  const start = model.nodes[model.startEventId];
  const via = start?.outgoing[0];
  const target = via === undefined ? undefined : model.nodes[model.flows[via]?.target ?? ''];
  if (via === undefined || target?.kind !== 'userTask') {
    throw new Error(`The demo needs ${model.key} to start with a user task.`);
  }
  return { node: target, via };
}

/**
 * Fills `${name}` placeholders from the variables; the demo fixtures use no other form, and
 * a name without a value is a mistake in the demo, so it stops the seed.
 */
function fillTemplate(template: string, variables: Variables): string {
  return fillPlaceholders(splitTemplate(template, readName), {
    valueOf: (name) => (Object.hasOwn(variables, name) ? variables[name] : undefined),
    onMissing: (written) => {
      throw new Error(`The demo has no value for ${written}.`);
    },
  });
}

/** Rows of the bulk part, written in one transaction. */
interface BulkRows {
  instances: Insertable<DatabaseSchema['process_instances']>[];
  executions: Insertable<DatabaseSchema['process_executions']>[];
  tasks: Insertable<DatabaseSchema['tasks']>[];
  candidates: Insertable<DatabaseSchema['task_candidates']>[];
  history: Insertable<DatabaseSchema['process_history']>[];
  notifications: Insertable<DatabaseSchema['task_notifications']>[];
  comments: { row: Insertable<DatabaseSchema['task_comments']>; readBy: string[] }[];
}

/**
 * Turns a plan into rows exactly as the engine would have left them had each instance been
 * started (and its task claimed or reassigned) through it: the instance with its
 * variables, the token parked at the first user task, the task and its candidates, the
 * history events and the notifications the tasks area writes. Due dates are spread over
 * every quick-filter window instead of following the BPMN durations, as if deadlines had
 * been moved, so every badge has something to show.
 */
function planRows(
  plan: TenantPlan,
  definitions: ReadonlyMap<string, DeployedDefinition>,
  members: ReadonlyMap<string, readonly string[]>,
  random: SeededRandom,
  now: Date,
): BulkRows {
  const rows: BulkRows = {
    instances: [],
    executions: [],
    tasks: [],
    candidates: [],
    history: [],
    notifications: [],
    comments: [],
  };
  const windows = dateWindows(now);
  const hoursAfter = (date: Date, hours: number) =>
    new Date(Math.min(now.getTime() - 60_000, date.getTime() + hours * 3_600_000));
  for (const planned of plan.tasks(random)) {
    const definition = definitions.get(planned.key);
    if (!definition) continue;
    const { node, via } = firstUserTask(definition.model);
    const { dueDate, createdAt } = drawTimes(random, drawBucket(random), now, windows);
    const instanceId = random.uuid();
    const taskId = random.uuid();
    const executionId = random.uuid();
    const variables: Variables = { ...planned.variables };
    if (definition.model.initiatorVariable !== null) {
      variables[definition.model.initiatorVariable] = planned.startedBy;
    }
    const name = fillTemplate(node.name ?? node.id, variables);
    const holder = planned.holder;
    const assignee =
      holder.kind === 'direct'
        ? planned.startedBy
        : holder.kind === 'claimed'
          ? holder.by
          : holder.kind === 'reassigned'
            ? holder.to
            : null;
    const seen = assignee !== null && random.chance(0.65);
    const groups = node.candidateGroups.map((group) => fillTemplate(group, variables));
    const customer = String(
      planned.variables.customerName ?? planned.variables.applicantName ?? '',
    );

    rows.instances.push({
      id: instanceId,
      tenant: plan.tenant,
      definition_id: definition.id,
      name: `${definition.model.name} - ${customer}`,
      business_key: null,
      started_by: planned.startedBy,
      started_at: createdAt,
      ended_at: null,
      variables: JSON.stringify(variables),
    });
    rows.executions.push({
      id: executionId,
      tenant: plan.tenant,
      instance_id: instanceId,
      element_id: node.id,
      state: 'active',
      arrived_via: via,
      created_at: createdAt,
    });
    rows.tasks.push({
      id: taskId,
      tenant: plan.tenant,
      instance_id: instanceId,
      definition_id: definition.id,
      execution_id: executionId,
      element_id: node.id,
      name,
      form_key: node.formKey,
      assignee,
      created_at: createdAt,
      due_date: dueDate,
      state: 'open',
      completed_at: null,
      completed_by: null,
      outcome: null,
      variables: '{}',
      initiator_can_complete: node.initiatorCanCompleteTask,
      seen_by_assignee: seen,
      priority: Number(node.priority ?? 50),
    });
    rows.candidates.push(
      ...groups.map((group) => ({
        tenant: plan.tenant,
        task_id: taskId,
        kind: 'group' as const,
        principal: group,
      })),
    );
    const event = (
      name: string,
      actor: string | null,
      at: Date,
      payload: Record<string, unknown>,
    ) =>
      rows.history.push({
        tenant: plan.tenant,
        instance_id: instanceId,
        task_id: name === 'processStarted' ? null : taskId,
        event: name,
        actor,
        at,
        payload: JSON.stringify(payload),
      });
    event('processStarted', planned.startedBy, createdAt, {
      definitionId: definition.id,
      variables: Object.keys(variables),
    });
    event('taskCreated', null, createdAt, {
      elementId: node.id,
      name,
      assignee: holder.kind === 'direct' ? planned.startedBy : null,
      candidates: { users: [], groups },
    });
    const notify = (
      userId: string,
      kind: 'assigned' | 'candidate',
      group: string | null,
      at: Date,
      read: boolean,
    ) =>
      rows.notifications.push({
        tenant: plan.tenant,
        user_id: userId,
        task_id: taskId,
        kind,
        group_id: group,
        created_at: at,
        read_at: read ? hoursAfter(at, 1) : null,
      });
    if (holder.kind === 'claimed' || holder.kind === 'reassigned') {
      const claimedAt = hoursAfter(createdAt, random.int(1, 6));
      event('taskClaimed', holder.kind === 'claimed' ? holder.by : holder.claimedBy, claimedAt, {});
      if (holder.kind === 'reassigned') {
        const movedAt = hoursAfter(claimedAt, random.int(1, 20));
        event('taskAssigned', holder.by, movedAt, { from: holder.claimedBy, to: holder.to });
        notify(holder.to, 'assigned', null, movedAt, seen);
        rows.comments.push({
          row: {
            tenant: plan.tenant,
            instance_id: instanceId,
            task_id: taskId,
            task_name: name,
            user_id: holder.by,
            comment: holder.comment,
            is_reassign: true,
            reassignee_id: holder.to,
            previous_assignee_id: holder.claimedBy,
            created_at: movedAt,
          },
          readBy: seen ? [holder.to] : [],
        });
      }
    } else if (holder.kind === 'direct') {
      notify(planned.startedBy, 'assigned', null, createdAt, seen);
    } else {
      // Unclaimed: every candidate heard of it; older news has been read.
      const old = now.getTime() - createdAt.getTime() > 3 * 24 * 3_600_000;
      const notified = new Set<string>();
      for (const group of groups) {
        for (const userId of members.get(group) ?? []) {
          if (notified.has(userId)) continue;
          notified.add(userId);
          // Drawn whether or not it is needed: a draw skipped on some days would shift every
          // later choice, and the demo would differ with the hour it was seeded at.
          const readAnyway = random.chance(0.3);
          notify(userId, 'candidate', group, createdAt, old || readAnyway);
        }
      }
    }
    // A third of the officers' assigned cases carry a short conversation.
    if (assignee !== null && plan.supervisor !== null && random.chance(0.33)) {
      const voices = [assignee, plan.supervisor, ...(members.get(groups[0] ?? '') ?? [])];
      let at = hoursAfter(createdAt, 2);
      for (let count = random.int(1, 3); count > 0; count -= 1) {
        at = hoursAfter(at, random.int(1, 12));
        const author = random.pick(voices);
        rows.comments.push({
          row: {
            tenant: plan.tenant,
            instance_id: instanceId,
            task_id: taskId,
            task_name: name,
            user_id: author,
            comment: random.pick(COMMENT_TEXTS),
            created_at: at,
          },
          readBy: [...new Set([plan.supervisor, assignee])].filter(
            (reader) => reader !== author && random.chance(0.5),
          ),
        });
      }
    }
  }
  return rows;
}

/** Inserts rows in chunks small enough for any backend's parameter limit. */
async function insertChunks<T extends keyof DatabaseSchema & string>(
  db: Kysely<DatabaseSchema>,
  table: T,
  rows: readonly Insertable<DatabaseSchema[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 400) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 400))
      .execute();
  }
}

/** The latest definition of each key of a tenant. */
async function latestDefinitions(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<Map<string, DeployedDefinition>> {
  const rows = await db
    .selectFrom('process_definitions')
    .select(['id', 'key', 'model'])
    .distinctOn('key')
    .where('tenant', '=', tenant)
    .orderBy('key')
    .orderBy('version', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.key, { id: row.id, model: row.model }]));
}

/** The members with access-task of each group of a tenant, sorted. */
async function groupMembers(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenant', '=', 'm.tenant').onRef('u.id', '=', 'm.user_id'),
    )
    .select(['m.group_id', 'm.user_id'])
    .where('m.tenant', '=', tenant)
    .where(sql<boolean>`${Privilege.accessTask} = any(u.privileges)`)
    .orderBy('m.group_id')
    .orderBy('m.user_id')
    .execute();
  const members = new Map<string, string[]>();
  for (const row of rows)
    members.set(row.group_id, [...(members.get(row.group_id) ?? []), row.user_id]);
  return members;
}

/**
 * Writes one tenant's bulk plan in one transaction, unless the tenant already has process
 * instances (then nothing is touched). Several processes may start at once on one
 * PostgreSQL: the first one seeds, the others wait on the lock and then find instances.
 */
async function seedTenant(
  db: Kysely<DatabaseSchema>,
  plan: TenantPlan,
  random: SeededRandom,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${WORKLOAD_LOCK_KEY}, hashtext(${plan.tenant}))`.execute(
      trx,
    );
    const tenant = await trx
      .selectFrom('tenants')
      .select('name')
      .where('name', '=', plan.tenant)
      .executeTakeFirst();
    const started = await trx
      .selectFrom('process_instances')
      .select('id')
      .where('tenant', '=', plan.tenant)
      .limit(1)
      .executeTakeFirst();
    if (!tenant || started) return false;
    const definitions = await latestDefinitions(trx, plan.tenant);
    const rows = planRows(plan, definitions, await groupMembers(trx, plan.tenant), random, now);
    await insertChunks(trx, 'process_instances', rows.instances);
    await insertChunks(trx, 'process_executions', rows.executions);
    await insertChunks(trx, 'tasks', rows.tasks);
    await insertChunks(trx, 'task_candidates', rows.candidates);
    await insertChunks(trx, 'process_history', rows.history);
    await insertChunks(trx, 'task_notifications', rows.notifications);
    // Comments go in at once; their reads find them again by task, author and time.
    const readers = new Map(
      rows.comments.map(({ row, readBy }) => [
        `${row.task_id}|${row.user_id}|${new Date(row.created_at ?? 0).toISOString()}`,
        readBy,
      ]),
    );
    for (let start = 0; start < rows.comments.length; start += 400) {
      const stored = await trx
        .insertInto('task_comments')
        .values(rows.comments.slice(start, start + 400).map(({ row }) => row))
        .returning(['id', 'task_id', 'user_id', 'created_at'])
        .execute();
      const reads = stored.flatMap((comment) =>
        (
          readers.get(
            `${comment.task_id}|${comment.user_id}|${comment.created_at.toISOString()}`,
          ) ?? []
        ).map((userId) => ({ comment_id: comment.id, tenant: plan.tenant, user_id: userId })),
      );
      await insertChunks(trx, 'task_comment_reads', reads);
    }
    return true;
  });
}

/**
 * Deploys `fixtures/processes/*.bpmn` for every tenant. Unchanged files keep their version,
 * so this runs on every start. Returns the files refused (a definition whose service
 * handler is not registered yet, say), each once.
 */
export async function deployDemoProcesses(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
): Promise<string[]> {
  const tenants = await db.selectFrom('tenants').select('name').orderBy('name').execute();
  const refused = new Set<string>();
  for (const { name } of tenants) {
    const result = await engine.deployFolder(name, PROCESS_FIXTURES_DIR);
    for (const file of result.refused) refused.add(file.file);
  }
  return [...refused].sort();
}

/** What a workload seed did. */
export interface DemoWorkloadReport {
  /** Process fixtures the engine refused (they are skipped). */
  refused: string[];
  /** Tenants that got their demo tasks on this run. */
  seededTenants: string[];
}

/**
 * The engine's clock while the stories play: it starts half an hour before `now` and moves
 * one second a call, so the story cases keep their order, stay in the past and come out the
 * same for the same `now`, whatever the wall clock says.
 */
function storyClock(now: Date): () => Date {
  let calls = 0;
  return () => {
    calls += 1;
    return new Date(now.getTime() - 30 * 60_000 + calls * 1_000);
  };
}

/** Options of {@link seedDemoWorkload}; the defaults suit `npm start`. */
export interface DemoWorkloadOptions {
  /**
   * The instant the demo is built around (its 'today'): the real clock by default, as
   * `npm start` wants; tests pass a fixed one so the rows do not depend on the hour.
   */
  now?: Date;
  /** Seed of the random choices; a fixed default, so the same `now` gives the same rows. */
  seed?: number;
}

/**
 * The demo workload of the first start (see docs/decisions.md, "Demo workload"): deploys
 * the process fixtures for every tenant, then, for a tenant without any process instance,
 * writes its bulk plan of open tasks in one transaction and, for `internal`, plays a few
 * cases further through the engine itself (approvals, parallel document and collateral
 * tasks, reviews, and some instances run to their end).
 */
export async function seedDemoWorkload(
  db: Kysely<DatabaseSchema>,
  options: DemoWorkloadOptions = {},
): Promise<DemoWorkloadReport> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(options.seed ?? DEMO_SEED);
  const engine = new ProcessEngine(db, { clock: storyClock(now) });
  const unsubscribe = subscribeTaskListeners(engine);
  try {
    const refused = await deployDemoProcesses(db, engine);
    const seededTenants: string[] = [];
    for (const plan of PLANS) {
      if (!(await seedTenant(db, plan, random, now))) continue;
      seededTenants.push(plan.tenant);
      if (plan.tenant === 'internal') await runDemoStories(engine, random);
    }
    return { refused, seededTenants };
  } finally {
    unsubscribe();
  }
}
