import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentPath } from '../../schemas/api/comments';
import { FormPath } from '../../schemas/api/forms';
import { TaskPath } from '../../schemas/api/tasks';
import { createDatabase, type AppDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import type { DatabaseSchema } from '../../server/db/schema';
import { ProcessEngine } from '../../server/engine';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { seedFormDefinitions } from '../../server/forms/seedFormDefinitions';
import { projectPath } from '../../server/paths';
import { seedDemoDocumentTemplates } from '../../server/seed/demoDocumentTemplates';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { seedDemoWorkload } from '../../server/seed/demoWorkload';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import { seedIdentity } from '../../server/seed/seedIdentity';
import { createTestDatabase, type TestDatabase } from '../../server/testing/createTestDatabase';
import { emptyClusterCopy } from '../../server/testing/emptyClusterCopy';
import { testConfig } from '../../server/testing/startTestServer';
import { deployKitOn, EMAIL, KIT_PROCESSES } from '../../server/workflow/testing/taskTestKit';
import { freePort } from '../helpers/freePort';

const run = promisify(execFile);

/** A first start on the seeded database; seconds, many more on a loaded machine. */
const FIRST_START_MS = 120_000;
/** A restart after SIGKILL; a few seconds, many more on a loaded machine. */
const RESTART_MS = 60_000;
/** How many times the server is killed while the writes run. */
const KILLS = 12;
/** Tasks that get a draft save, a comment and their completion. */
const COMPLETED_TASKS = 40;
/** Tasks that get a draft save, a comment, another save and another comment. */
const DRAFT_TASKS = 20;
/** The staff who write, one client each, all at once; each is the assignee of their tasks. */
const WRITERS = ['lmartin', 'jmorales', 'aokafor', 'cdubois'] as const;
/** Who starts the cases; the follow-up task the completion creates is theirs. */
const STARTER = 'pnair';

/** A seeded pseudo-random generator (mulberry32), so a failing run can be run again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One write the clients send, under its own key, until it is answered. */
interface Operation {
  key: string;
  kind: 'save' | 'comment' | 'complete';
  method: 'POST' | 'PUT';
  url: string;
  body: Record<string, unknown>;
  taskId: string;
  /** The final answer's status, once received. */
  status?: number;
  /** How many sends it took. */
  attempts: number;
}

/** What one task's writes were meant to leave behind. */
interface PlannedTask {
  taskId: string;
  instanceId: string;
  writer: string;
  completes: boolean;
  operations: Operation[];
}

/** The counts the run prints. */
interface RunCounts {
  operations: number;
  acknowledged: number;
  retried: number;
  replayed: number;
  kills: number;
}

/** The requests on the wire now, and how long the last answer took. */
const traffic = { inFlight: 0, lastAnswerMs: 20 };

/** Where the server keeps its data, and how the test reads it while the server is down. */
interface Backend {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** The database, opened for the test (on PGlite only while no server runs). */
  open(): Promise<AppDatabase>;
  /** Closes what `open` gave back, unless the backend keeps it open anyway. */
  release(database: AppDatabase): Promise<void>;
  remove(): Promise<void>;
}

describe('a server killed while it takes writes', { timeout: 900_000 }, () => {
  let bundle: string;
  let buildDir: string;
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    // The bundle of `npm run build`, inside the project so it finds its packages and fixtures.
    const cache = projectPath('node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    buildDir = mkdtempSync(join(cache, 'tessera-crash-'));
    bundle = join(buildDir, 'main.mjs');
    await run(process.execPath, [projectPath('scripts', 'buildServer.mjs'), bundle], {
      cwd: projectPath(),
    });
  }, 180_000);

  afterAll(async () => {
    for (const child of running) await stopped(child, 'SIGKILL');
    rmSync(buildDir, { recursive: true, force: true });
  });

  async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }

  function startServer(
    backend: Backend,
    port: number,
  ): { child: ChildProcess; stderr: () => string } {
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // Four clients and their retries are not a flood.
        RATE_LIMIT_PER_MINUTE: '100000',
        ...backend.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    running.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return { child, stderr: () => stderr };
  }

  async function ready(
    server: { child: ChildProcess; stderr: () => string },
    port: number,
    limitMs: number,
  ): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited with ${server.child.exitCode}: ${server.stderr()}`);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/identity/system/settings`);
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    throw new Error(`no answer within ${limitMs} ms: ${server.stderr()}`);
  }

  /** Signs a writer in; the session lives in the database, so it outlives every kill. */
  async function signIn(port: number, user: keyof typeof EMAIL): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${port}/identity/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL[user], password: DEMO_PASSWORD }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (response.status !== 200 || cookie === undefined) {
      throw new Error(
        `sign-in of ${user} failed with ${response.status}: ${await response.text()}`,
      );
    }
    return cookie.split(';')[0] ?? '';
  }

  /**
   * Migrates and seeds as a first start does, here rather than in the server: the same
   * fixtures with the test's cheap password hashing, which a loaded machine needs minutes for
   * at the production cost; the server then finds everything done.
   */
  async function seedAsTheServerWould(db: Kysely<DatabaseSchema>): Promise<void> {
    await migrate(db);
    await seedIdentity(db, testConfig().passwordHashing);
    await seedFormDefinitions(db);
    await seedDemoDocumentTemplates(db);
    await seedDemoRecords(db);
    await seedDemoWorkload(db);
  }

  /** Starts one kit case per planned task, assigned to its writer, and plans its writes. */
  async function planTasks(db: Kysely<DatabaseSchema>): Promise<PlannedTask[]> {
    const engine = new ProcessEngine(db);
    await deployKitOn(db, engine);
    const planned: PlannedTask[] = [];
    for (let index = 0; index < COMPLETED_TASKS + DRAFT_TASKS; index += 1) {
      const writer = WRITERS[index % WRITERS.length] ?? 'lmartin';
      const instance = await engine.startProcess('internal', {
        key: KIT_PROCESSES.alpha.key,
        startedBy: STARTER,
        variables: {
          taskName: `Crash case ${index}`,
          assignee: writer,
          candidateUsers: '',
          candidateGroups: '',
          dueDate: '',
        },
      });
      const task = await db
        .selectFrom('tasks')
        .select('id')
        .where('instance_id', '=', instance.id)
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow();
      const completes = index < COMPLETED_TASKS;
      const operation = (
        step: number,
        kind: Operation['kind'],
        body: Record<string, unknown>,
      ): Operation => ({
        key: `crash-${index}-${step}`,
        kind,
        method: kind === 'save' ? 'PUT' : 'POST',
        url:
          kind === 'save'
            ? FormPath.draft(task.id)
            : kind === 'comment'
              ? CommentPath.add
              : TaskPath.complete(task.id),
        body,
        taskId: task.id,
        attempts: 0,
      });
      const comment = (step: number) =>
        operation(step, 'comment', {
          taskName: '',
          taskId: task.id,
          processInstanceId: instance.id,
          comment: `crash comment ${index}-${step}`,
        });
      const operations = completes
        ? [
            operation(0, 'save', { values: { amount: index, note: `draft ${index}` } }),
            comment(1),
            operation(2, 'complete', {
              outcome: 'approve',
              values: { amount: index, note: `done ${index}` },
            }),
          ]
        : [
            operation(0, 'save', { values: { amount: index, note: `draft ${index}` } }),
            comment(1),
            operation(2, 'save', { values: { amount: index + 1, note: `second ${index}` } }),
            comment(3),
          ];
      planned.push({ taskId: task.id, instanceId: instance.id, writer, completes, operations });
    }
    return planned;
  }

  /** Sends one write until an answer arrives: a lost connection or a 5xx is sent again. */
  async function untilAnswered(
    port: () => number,
    cookie: string,
    operation: Operation,
    counts: RunCounts,
  ): Promise<void> {
    for (;;) {
      operation.attempts += 1;
      const sent = Date.now();
      traffic.inFlight += 1;
      try {
        const response = await fetch(`http://127.0.0.1:${port()}${operation.url}`, {
          method: operation.method,
          headers: {
            'content-type': 'application/json',
            cookie,
            'idempotency-key': operation.key,
          },
          body: JSON.stringify(operation.body),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        traffic.lastAnswerMs = Date.now() - sent;
        if (response.status < 500) {
          operation.status = response.status;
          if (response.status !== 200) {
            throw new Error(`${operation.key} answered ${response.status}: ${text}`);
          }
          if (response.headers.get('idempotent-replayed') === 'true') counts.replayed += 1;
          counts.acknowledged += 1;
          if (operation.attempts > 1) counts.retried += 1;
          return;
        }
      } catch (error) {
        if (operation.status !== undefined) throw error;
        // The server went away under the request, or is not back yet: the same key again.
      } finally {
        traffic.inFlight -= 1;
      }
      await sleep(50);
    }
  }

  /**
   * 1. Migrate and seed the empty database, start the kit cases, and start the server.
   * 2. Each writer sends its tasks' writes in order, every one under its own key, each until
   *    answered; meanwhile the server is SIGKILLed at seeded random moments and restarted.
   * 3. Stop it cleanly and read the database.
   */
  async function crashRun(backend: Backend, seed: number) {
    const port = await freePort();
    const began = Date.now();
    const preparing = await backend.open();
    let planned: PlannedTask[];
    try {
      await seedAsTheServerWould(preparing.db);
      planned = await planTasks(preparing.db);
    } finally {
      await backend.release(preparing);
    }
    let server = startServer(backend, port);
    await ready(server, port, FIRST_START_MS);
    const firstStartMs = Date.now() - began;
    const cookies = new Map<string, string>();
    for (const writer of WRITERS) cookies.set(writer, await signIn(port, writer));

    const counts: RunCounts = {
      operations: planned.reduce((sum, task) => sum + task.operations.length, 0),
      acknowledged: 0,
      retried: 0,
      replayed: 0,
      kills: 0,
    };
    let finished = false;
    const writing = Date.now();
    const writers = WRITERS.map(async (writer) => {
      const cookie = cookies.get(writer) ?? '';
      for (const task of planned.filter((candidate) => candidate.writer === writer)) {
        for (const operation of task.operations) {
          await untilAnswered(() => port, cookie, operation, counts);
        }
      }
    });
    const random = seededRandom(seed);
    const killer = (async () => {
      while (!finished && counts.kills < KILLS) {
        await sleep(100 + Math.floor(random() * 900));
        // A kill that lands between requests proves nothing: wait for one in flight, then
        // strike at a random point of a typical answer's time, before or after its commit.
        for (let waited = 0; traffic.inFlight === 0 && waited < 5_000; waited += 2) await sleep(2);
        await sleep(Math.floor(random() * traffic.lastAnswerMs));
        if (finished) return;
        await stopped(server.child, 'SIGKILL');
        counts.kills += 1;
        server = startServer(backend, port);
        await ready(server, port, RESTART_MS);
      }
    })();
    try {
      await Promise.all(writers);
    } finally {
      finished = true;
      await killer;
    }
    // Every tenth write sent again with its key after its answer, as a client that lost the
    // answer would: each is answered from its record (the checks below count that nothing
    // ran twice), whether or not a kill happened to make a replay above.
    let resent = 0;
    for (const task of planned) {
      const cookie = cookies.get(task.writer) ?? '';
      for (const operation of task.operations.filter((_, index) => index % 10 === 0)) {
        const response = await fetch(`http://127.0.0.1:${port}${operation.url}`, {
          method: operation.method,
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': operation.key },
          body: JSON.stringify(operation.body),
        });
        await response.text();
        expect(response.status, operation.key).toBe(200);
        expect(response.headers.get('idempotent-replayed'), operation.key).toBe('true');
        resent += 1;
      }
    }
    expect(resent).toBeGreaterThan(0);
    await stopped(server.child, 'SIGTERM');
    console.log(
      `${backend.name}: ${counts.operations} writes, ${counts.acknowledged} acknowledged, ` +
        `${counts.retried} retried, ${counts.replayed} answered by replay, ${counts.kills} kills; ` +
        `first start ${firstStartMs} ms, writes and restarts ${Date.now() - writing} ms`,
    );
    return { planned, counts };
  }

  /** Every acknowledged write is stored exactly once, and every case moved on exactly once. */
  async function expectEveryWriteOnce(db: Kysely<DatabaseSchema>, planned: PlannedTask[]) {
    const instanceIds = planned.map((task) => task.instanceId);
    const comments = await db
      .selectFrom('task_comments')
      .select(['comment', 'task_id', 'user_id'])
      .where('instance_id', 'in', instanceIds)
      .where('is_reassign', '=', false)
      .execute();
    const tasks = await db
      .selectFrom('tasks')
      .select(['id', 'instance_id', 'element_id', 'state', 'assignee', 'completed_by', 'variables'])
      .where('instance_id', 'in', instanceIds)
      .execute();
    const completions = await db
      .selectFrom('process_history')
      .select(['task_id'])
      .where('instance_id', 'in', instanceIds)
      .where('event', '=', 'taskCompleted')
      .execute();
    const keys = await db
      .selectFrom('idempotency_keys')
      .select(['key', 'user_id'])
      .where('key', 'like', 'crash-%')
      .execute();

    const expectedComments: string[] = [];
    for (const task of planned) {
      for (const operation of task.operations) {
        expect(operation.status, operation.key).toBe(200);
        if (operation.kind === 'comment') expectedComments.push(String(operation.body.comment));
      }
      const work = tasks.find((row) => row.id === task.taskId);
      const followUps = tasks.filter(
        (row) => row.instance_id === task.instanceId && row.element_id === 'followUp',
      );
      if (task.completes) {
        // The completion happened once: one history row, one follow-up task, the work task
        // closed by its writer with the completion's values.
        expect(work).toMatchObject({ state: 'completed', completed_by: task.writer });
        expect(work?.variables).toMatchObject(
          (task.operations.at(-1)?.body.values ?? {}) as Record<string, unknown>,
        );
        expect(completions.filter((row) => row.task_id === task.taskId)).toHaveLength(1);
        expect(followUps).toHaveLength(1);
        expect(followUps[0]).toMatchObject({ state: 'open', assignee: STARTER });
      } else {
        // The last acknowledged save is the draft; nothing moved on.
        expect(work?.state).toBe('open');
        expect(work?.variables).toMatchObject(
          (task.operations.at(-2)?.body.values ?? {}) as Record<string, unknown>,
        );
        expect(followUps).toHaveLength(0);
        expect(completions.filter((row) => row.task_id === task.taskId)).toHaveLength(0);
      }
    }
    expect(comments.map((row) => row.comment).sort()).toEqual(expectedComments.sort());
    const operations = planned.flatMap((task) => task.operations);
    expect(keys).toHaveLength(operations.length);
    expect(new Set(keys.map((row) => row.key))).toEqual(new Set(operations.map((op) => op.key)));
  }

  it('given a PGlite folder, when the server is killed a dozen times during 200 writes and every unanswered write is sent again with its key, then each acknowledged write is stored once and no case moved on twice', async () => {
    // A copy of an empty cluster: an initdb on a loaded machine takes tens of seconds.
    const cluster = await emptyClusterCopy();
    const { dataDir } = cluster;
    const backend: Backend = {
      name: 'pglite',
      // The folder lock is embedded PGlite's: these servers use it even when the test run
      // itself is pointed at PostgreSQL.
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => createDatabase({ dataDir }),
      release: (database) => database.close(),
      remove: () => cluster.remove(),
    };
    try {
      const { planned, counts } = await crashRun(backend, 20_261_130);
      expect(counts.kills).toBeGreaterThan(0);
      const database = await backend.open();
      try {
        await expectEveryWriteOnce(database.db, planned);
      } finally {
        await backend.release(database);
      }
    } finally {
      await backend.remove();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'given a PostgreSQL database, when the server is killed a dozen times during 200 writes and every unanswered write is sent again with its key, then each acknowledged write is stored once and no case moved on twice',
    async () => {
      const database: TestDatabase = await createTestDatabase();
      const backend: Backend = {
        name: 'postgres',
        env: { DATABASE_URL: database.url ?? '', DATA_DIR: '' },
        open: async () => database,
        release: async () => {},
        remove: () => database.close(),
      };
      try {
        const { planned, counts } = await crashRun(backend, 20_261_131);
        expect(counts.kills).toBeGreaterThan(0);
        await expectEveryWriteOnce(database.db, planned);
      } finally {
        await backend.remove();
      }
    },
  );
});
