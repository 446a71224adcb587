import { sql, type Insertable, type Kysely } from 'kysely';
import { Privilege } from '../../schemas/api/identity';
import type { DatabaseSchema } from '../db/schema';
import { ProcessEngine, type Variables } from '../engine';
import { registerRecordDeletionHandlers } from '../engine/handlers/recordDeletion';
import { serviceHandlers } from '../engine/ServiceHandlerRegistry';
import { projectPath } from '../paths';
import { dateWindows } from '../workflow/dateWindows';
import { markNotificationsReadBy, markTaskNotificationsRead } from '../workflow/notifications';
import { subscribeTaskListeners } from '../workflow/taskEnginePlugin';
import {
  COMMENT_TEXTS,
  drawBucket,
  drawTimes,
  REASSIGN_TEXTS,
  SeededRandom,
} from './demoWorkloadPlan';
import { drawCustomer, drawLoan, receivedApplication } from './demoCaseData';
import { demoFormsStored, seedCompletedCases } from './demoCompletedCases';
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

/** A loan application as the online channel received it, for the officer's intake. */
function loanVariables(random: SeededRandom): Variables {
  return receivedApplication(drawCustomer(random), drawLoan(random));
}

/** A new customer as the online channel registered them, for the onboarding team's capture. */
function customerVariables(random: SeededRandom): Variables {
  const customer = drawCustomer(random);
  return { fullName: customer.fullName, email: customer.email };
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
        variables: {},
        holder: { kind: 'direct' as const },
      })),
    );
  }
  const onboarding = (holder: Holder, startedBy: string): PlannedTask => ({
    key: 'customerOnboarding',
    startedBy,
    variables: customerVariables(random),
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
      variables: {},
      holder: { kind: 'direct' },
    },
  ];
}

const PLANS: readonly TenantPlan[] = [
  { tenant: 'internal', supervisor: 'mgarcia', tasks: internalTasks },
  { tenant: 'acme', supervisor: null, tasks: acmeTasks },
];

/**
 * The engine's clock while the demo is made: pinned to each planned step's time while the
 * bulk plan plays, then ticking a second a read for the stories, so they keep their order,
 * stay in the past and come out the same for the same `now`, whatever the wall clock says.
 */
class DemoClock {
  private current: Date;
  private ticking = false;

  constructor(start: Date) {
    this.current = start;
  }

  /** Every read answers `at` until the clock is moved again. */
  pin(at: Date): void {
    this.current = at;
    this.ticking = false;
  }

  /** Each read from now on is one second after the previous one, starting after `at`. */
  tickFrom(at: Date): void {
    this.current = at;
    this.ticking = true;
  }

  /** The engine's clock. */
  readonly read = (): Date => {
    if (this.ticking) this.current = new Date(this.current.getTime() + 1_000);
    return this.current;
  };
}

/** What playing a tenant's plan needs besides the plan. */
interface PlayContext {
  readonly db: Kysely<DatabaseSchema>;
  readonly engine: ProcessEngine;
  readonly clock: DemoClock;
  readonly random: SeededRandom;
  readonly now: Date;
  /** Members with access-task of each group, sorted. */
  readonly members: ReadonlyMap<string, readonly string[]>;
  /** The process name of each key, for the instances' names. */
  readonly processNames: ReadonlyMap<string, string>;
  /** The candidate groups of the first task of a key's instances (the given one's). */
  readonly groupsOfFirstTask: (key: string, taskId: string) => Promise<readonly string[]>;
}

/** A conversation comment of the demo and who has read it. */
interface DemoComment {
  readonly row: Insertable<DatabaseSchema['task_comments']>;
  readonly readBy: readonly string[];
}

/**
 * Plays one planned task through the engine, each step at its planned time on the engine's
 * clock: the start (the engine creates the task, its candidates, token, history and the
 * notifications of the tasks area's listeners), the deadline moved into its quick-filter
 * window (the BPMN durations alone put every task one to three days after its start), then
 * the claim and the supervisor's reassignment with its comment, and the assignee opening
 * the task. Returns the conversation comments to add.
 */
async function playPlannedTask(
  context: PlayContext,
  plan: TenantPlan,
  planned: PlannedTask,
): Promise<DemoComment[]> {
  const { engine, clock, random, now, members } = context;
  const tenant = plan.tenant;
  const windows = dateWindows(now);
  const hoursAfter = (date: Date, hours: number) =>
    new Date(Math.min(now.getTime() - 60_000, date.getTime() + hours * 3_600_000));
  const { dueDate, createdAt } = drawTimes(random, drawBucket(random), now, windows);
  const processName = context.processNames.get(planned.key) ?? planned.key;

  // 1. Start: the instance rests at its first user task.
  clock.pin(createdAt);
  const instance = await engine.startProcess(tenant, {
    key: planned.key,
    startedBy: planned.startedBy,
    // Named as the app's start call names an instance; the case's name comes from its data.
    name: `${processName} ${createdAt.toISOString()}`,
    variables: planned.variables,
  });
  const [task] = await engine.listInstanceTasks(tenant, instance.id, { completed: false });
  if (!task) throw new Error(`The demo needs ${planned.key} to start with a user task.`);
  await engine.setTaskDueDate(tenant, task.id, {
    dueDate,
    actor: plan.supervisor ?? planned.startedBy,
  });

  // 2. Who holds it: claimed, claimed then moved by the supervisor, or as started.
  const holder = planned.holder;
  let assignee = task.assignee;
  let lastMove = createdAt;
  if (holder.kind === 'claimed' || holder.kind === 'reassigned') {
    lastMove = hoursAfter(createdAt, random.int(1, 6));
    clock.pin(lastMove);
    const claimer = holder.kind === 'claimed' ? holder.by : holder.claimedBy;
    assignee = (await engine.claimTask(tenant, task.id, claimer)).assignee;
    if (holder.kind === 'reassigned') {
      lastMove = hoursAfter(lastMove, random.int(1, 20));
      clock.pin(lastMove);
      const moved = await engine.assignTask(tenant, task.id, {
        assignee: holder.to,
        actor: holder.by,
        expectedAssignee: claimer,
        comment: holder.comment,
      });
      assignee = moved.assignee;
    }
  }
  // The first task of a key has the same candidates in every instance: asked once.
  const groups = await context.groupsOfFirstTask(planned.key, task.id);

  // 3. What its people have read: the assignee opened most of their tasks; of an unclaimed
  //    task the older news has been read, and some of the rest.
  const seen = assignee !== null && random.chance(0.65);
  const readAt = hoursAfter(lastMove, 1);
  if (assignee !== null && seen) {
    await engine.markTaskSeen(tenant, task.id, assignee);
    await markTaskNotificationsRead(
      context.db,
      { tenant, userId: assignee, privileges: [] },
      task.id,
      readAt,
    );
  }
  if (holder.kind === 'pool') {
    const old = now.getTime() - createdAt.getTime() > 3 * 24 * 3_600_000;
    const notified = new Set<string>();
    const readers: string[] = [];
    for (const group of groups) {
      for (const userId of members.get(group) ?? []) {
        if (notified.has(userId)) continue;
        notified.add(userId);
        // Drawn whether or not it is needed: a draw skipped on some days would shift every
        // later choice, and the demo would differ with the hour it was seeded at.
        const readAnyway = random.chance(0.3);
        if (old || readAnyway) readers.push(userId);
      }
    }
    await markNotificationsReadBy(context.db, { tenant, taskId: task.id, at: readAt }, readers);
  }

  // 4. A third of the officers' assigned cases carry a short conversation.
  const comments: DemoComment[] = [];
  if (assignee !== null && plan.supervisor !== null && random.chance(0.33)) {
    const supervisor = plan.supervisor;
    const voices = [assignee, supervisor, ...(members.get(groups[0] ?? '') ?? [])];
    let at = hoursAfter(createdAt, 2);
    for (let count = random.int(1, 3); count > 0; count -= 1) {
      at = hoursAfter(at, random.int(1, 12));
      const author = random.pick(voices);
      comments.push({
        row: {
          tenant,
          instance_id: instance.id,
          task_id: task.id,
          task_name: task.name,
          user_id: author,
          comment: random.pick(COMMENT_TEXTS),
          created_at: at,
        },
        readBy: [...new Set([supervisor, assignee])].filter(
          (reader) => reader !== author && random.chance(0.5),
        ),
      });
    }
  }
  return comments;
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

/** Adds the conversation comments and their reads. */
async function insertComments(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  comments: readonly DemoComment[],
): Promise<void> {
  // Comments go in at once; their reads find them again by task, author and time.
  const readers = new Map(
    comments.map(({ row, readBy }) => [
      `${row.task_id}|${row.user_id}|${new Date(row.created_at ?? 0).toISOString()}`,
      readBy,
    ]),
  );
  for (let start = 0; start < comments.length; start += 400) {
    const stored = await db
      .insertInto('task_comments')
      .values(comments.slice(start, start + 400).map(({ row }) => row))
      .returning(['id', 'task_id', 'user_id', 'created_at'])
      .execute();
    const reads = stored.flatMap((comment) =>
      (
        readers.get(`${comment.task_id}|${comment.user_id}|${comment.created_at.toISOString()}`) ??
        []
      ).map((userId) => ({ comment_id: comment.id, tenant, user_id: userId })),
    );
    await insertChunks(db, 'task_comment_reads', reads);
  }
}

/** The name of each process key of a tenant, from its latest version. */
async function processNamesOf(engine: ProcessEngine, tenant: string): Promise<Map<string, string>> {
  const latest = new Map<string, { version: number; name: string }>();
  for (const definition of await engine.listDefinitions(tenant)) {
    const known = latest.get(definition.key);
    if (!known || known.version < definition.version) {
      latest.set(definition.key, { version: definition.version, name: definition.name });
    }
  }
  return new Map([...latest].map(([key, { name }]) => [key, name]));
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
 * Plays one tenant's plan through the engine in one transaction, unless the tenant already
 * has process instances (then nothing is touched), and, for `internal`, the stories after
 * it. The engine is built over that transaction, so its steps make one atomic change: a
 * seed cut short leaves nothing. Several processes may start at once on one PostgreSQL: the
 * first one seeds, the others wait on the lock and then find instances.
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
    const clock = new DemoClock(now);
    const engine = new ProcessEngine(trx, { clock: clock.read });
    const unsubscribe = subscribeTaskListeners(engine);
    const firstTaskGroups = new Map<string, readonly string[]>();
    try {
      const context: PlayContext = {
        db: trx,
        engine,
        clock,
        random,
        now,
        members: await groupMembers(trx, plan.tenant),
        processNames: await processNamesOf(engine, plan.tenant),
        groupsOfFirstTask: async (key, taskId) => {
          const known = firstTaskGroups.get(key);
          if (known) return known;
          const { groups } = await engine.getTaskCandidates(plan.tenant, taskId);
          firstTaskGroups.set(key, groups);
          return groups;
        },
      };
      const comments: DemoComment[] = [];
      for (const planned of plan.tasks(random)) {
        if (!context.processNames.has(planned.key)) continue;
        comments.push(...(await playPlannedTask(context, plan, planned)));
      }
      await insertComments(trx, plan.tenant, comments);
      if (plan.tenant === 'internal' && (await demoFormsStored(trx))) {
        clock.tickFrom(new Date(now.getTime() - 30 * 60_000));
        await runDemoStories(trx, engine, random);
        await seedCompletedCases(trx, random, now);
      }
    } finally {
      unsubscribe();
    }
    return true;
  });
}

/**
 * Adds the service handlers the demo processes call to the server's shared registry: the
 * record deletion fixture's service tasks need theirs at deploy and whenever they run, in
 * every process that deploys or runs them.
 */
export function registerDemoServiceHandlers(): void {
  registerRecordDeletionHandlers(serviceHandlers);
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
  registerDemoServiceHandlers();
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
 * plays its bulk plan of open tasks through the engine and, for `internal`, a few cases
 * further (approvals, parallel document and collateral tasks, reviews, and some instances
 * run to their end). Every task, token and history row is the engine's own.
 */
export async function seedDemoWorkload(
  db: Kysely<DatabaseSchema>,
  options: DemoWorkloadOptions = {},
): Promise<DemoWorkloadReport> {
  const now = options.now ?? new Date();
  const random = new SeededRandom(options.seed ?? DEMO_SEED);
  const refused = await deployDemoProcesses(db, new ProcessEngine(db));
  const seededTenants: string[] = [];
  for (const plan of PLANS) {
    if (await seedTenant(db, plan, random, now)) seededTenants.push(plan.tenant);
  }
  return { refused, seededTenants };
}
