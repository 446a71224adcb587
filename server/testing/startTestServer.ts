import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp, DEFAULT_CLIENT_DIR } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import { DatabaseFaults, type DatabaseDeadlines } from '../db/databaseGuard';
import type { DatabaseSchema } from '../db/schema';
import { readMailFolder, type FolderMail } from '../mail/mailFolder';
import { registerDemoServiceHandlers, seedDemoWorkload } from '../seed/demoWorkload';
import { createTestDatabase } from './createTestDatabase';
import { preparedSource, seedTestDatabase, TEST_PASSWORD_HASHING } from './preparedDatabase';

/** A mail the server wrote to its mail folder (no SMTP in tests). */
export type OutboxEntry = FolderMail;

/**
 * The newest mails of one tenant that the server wrote to its mail folder, newest first: what
 * the operator reads, since no web page shows them outside `npm run dev`.
 */
export function readOutbox(
  server: { app: FastifyInstance },
  tenant: string,
  limit = 50,
): Promise<OutboxEntry[]> {
  return readMailFolder(server.app.config.mailDir, { tenant, limit });
}

let processMailDir: string | undefined;

/** A mail folder for apps that tests build themselves, removed when the test process ends. */
function testMailDir(): string {
  if (!processMailDir) {
    const folder = mkdtempSync(join(tmpdir(), 'tessera-test-mail-'));
    processMailDir = folder;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  return processMailDir;
}

/** How to start a test server; every field is optional. */
export interface TestServerOptions {
  /** Host to listen on; `localhost` answers on both 127.0.0.1 and ::1. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Seed the demo tenants and users and deploy the demo processes (default true). */
  seed?: boolean;
  /** Also seed the demo workload of open tasks, as `npm start` does (default false: ~3 s). */
  demoWorkload?: boolean;
  /** PGlite folder (default `memory://`); ignored when DATABASE_URL is set. */
  dataDir?: string;
  /**
   * The PostgreSQL server to make the test database on, instead of DATABASE_URL's (a test
   * reaches it through a proxy it can stop).
   */
  databaseUrl?: string;
  /** Configuration overrides on top of the test defaults. */
  config?: Partial<AppConfig>;
  /** SPA build folder; default `dist/client` (served only if built). */
  clientDir?: string;
  /** The task lists' clock (see `BuildAppOptions.clock`); default the machine's time. */
  clock?: () => Date;
  /**
   * Puts a fault switch behind the database driver (`TestServer.faults`) that makes every
   * statement fail, hang or lose its connection. Tests only: nothing else can create one.
   */
  databaseFaults?: boolean;
}

/** A running server on a fresh database. */
export interface TestServer {
  /** `http://localhost:<port>`: the `internal` tenant. */
  url: string;
  port: number;
  app: FastifyInstance;
  database: AppDatabase;
  /** The database's fault switch, with `databaseFaults: true`; off until a test sets it. */
  faults: DatabaseFaults | undefined;
  /** The origin of a tenant: `urlFor('acme')` is `http://acme.localhost:<port>`. */
  urlFor(tenant: string): string;
  /** Stops the server and drops or closes the database. */
  close(): Promise<void>;
}

/**
 * The SPA build the test servers serve: `dist/client`, or the build a test run names in
 * TESSERA_TEST_CLIENT_DIR, so two checkouts' builds never overwrite each other's mid-run.
 */
export function testClientDir(): string {
  return process.env.TESSERA_TEST_CLIENT_DIR ?? DEFAULT_CLIENT_DIR;
}

/**
 * The configuration tests run with: quiet logs, a rate limit and a hashing queue that never
 * interfere, and a cheap scrypt cost (hashes still carry their parameters, so the code path is the same).
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL }),
    port: 0,
    host: 'localhost',
    rateLimitPerMinute: 1_000_000,
    passwordHashing: TEST_PASSWORD_HASHING,
    // Never the repository's data folder.
    mailDir: testMailDir(),
    // Tests sign many users in at once from one address; the flood test sets its own slots.
    hashingSlots: { concurrency: 4, queueLength: 1000, perAddress: 1000 },
    ...overrides,
  };
}

/**
 * Starts the real server for integration and end-to-end tests: a fresh database (in-memory
 * PGlite, or a throw-away database on DATABASE_URL's server), migrated and seeded, listening
 * on `localhost` so both `localhost` and `acme.localhost` reach it.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const phase = startPhases();
  try {
    return await startPhased(options, phase.enter);
  } finally {
    phase.done();
  }
}

/** How long one phase of a start may take before the test log says where it stands. */
const SLOW_PHASE_MS = 60_000;

/**
 * The phases of one start, watched: a start that stalls (a lock never granted, a query that
 * never answers) would otherwise end as a bare hook timeout minutes later, saying nothing of
 * where it stood. Each minute in one phase prints that phase and what keeps the process busy.
 */
function startPhases(): { enter(name: string): void; done(): void } {
  let current = 'opening the database';
  let since = Date.now();
  const watch = setInterval(() => {
    const seconds = Math.round((Date.now() - since) / 1000);
    console.warn(
      `startTestServer: still ${current} after ${seconds} s; ` +
        `pending: ${process.getActiveResourcesInfo().join(', ')}`,
    );
  }, SLOW_PHASE_MS);
  watch.unref();
  return {
    enter(name) {
      current = name;
      since = Date.now();
    },
    done: () => clearInterval(watch),
  };
}

/**
 * Whether a server starts from this test run's prepared database: when it is seeded as the
 * prepared one is (the demo tenants, forms and processes, hashed at the test cost), and on
 * a database the test did not name itself.
 */
function startsPrepared(options: TestServerOptions): boolean {
  return (
    (options.seed ?? true) &&
    !options.demoWorkload &&
    !options.dataDir &&
    options.config?.passwordHashing === undefined
  );
}

/** The deadlines of a test server unless its test sets others. */
const TEST_DEADLINES: DatabaseDeadlines = { acquireMs: 30_000, statementMs: 30_000 };

async function startPhased(
  options: TestServerOptions,
  enter: (phase: string) => void,
): Promise<TestServer> {
  const faults = options.databaseFaults ? new DatabaseFaults() : undefined;
  const prepared = startsPrepared(options)
    ? preparedSource(options.databaseUrl ?? process.env.DATABASE_URL)
    : undefined;
  // Deadlines as production has them, but long: two test files share two busy cores, and a
  // statement or a wait for PGlite's one connection that a quiet machine answers in
  // milliseconds can take seconds there. A test of the deadlines sets its own
  // (tests/integration/databaseFaults.test.ts).
  const database = await createTestDatabase({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(prepared ? { from: prepared } : {}),
    deadlines: options.config?.databaseDeadlines ?? TEST_DEADLINES,
    ...(faults ? { faults } : {}),
  });
  // Each server its own mail folder, so a test reads only the mails of its own server.
  const mailDir = await mkdtemp(join(tmpdir(), 'tessera-mail-'));
  const removeMailDir = () => rm(mailDir, { recursive: true, force: true });
  try {
    const config = testConfig({ mailDir, ...options.config });
    const seed = options.seed ?? true;
    if (prepared) {
      // The copy holds what seeding writes; the handlers live in this process.
      registerDemoServiceHandlers();
    } else {
      enter('migrating and seeding');
      // The demo workload deploys the processes itself, after the app is built.
      await seedTestDatabase(database, config.passwordHashing, {
        demo: seed,
        processes: !options.demoWorkload,
      });
    }
    enter('building the app');
    const app = await buildApp({
      config,
      database,
      clientDir: options.clientDir ?? testClientDir(),
      clock: options.clock,
    });
    if (seed && options.demoWorkload) {
      enter('seeding the demo workload');
      await database.withoutStatementDeadline(() => seedDemoWorkload(database.db));
    }
    enter('listening');
    const host = options.host ?? 'localhost';
    await app.listen({ host, port: options.port ?? 0 });
    const port = (app.server.address() as AddressInfo).port;
    const ipv6 = host === 'localhost' ? await listenOnIpv6Loopback(app, port) : undefined;
    return {
      url: `http://localhost:${port}`,
      port,
      app,
      database,
      faults,
      urlFor: (tenant) =>
        tenant === 'internal' ? `http://localhost:${port}` : `http://${tenant}.localhost:${port}`,
      async close() {
        try {
          ipv6?.close();
          ipv6?.closeAllConnections();
          await app.close();
        } finally {
          await database.close();
          await removeMailDir();
        }
      },
    };
  } catch (error) {
    await database.close();
    await removeMailDir();
    throw error;
  }
}

/**
 * Fastify listens on every address `localhost` resolves to, but where /etc/hosts names only
 * 127.0.0.1 that leaves ::1 closed, and Chromium sends `*.localhost` to either. A second
 * listener on ::1 hands its requests to the same Fastify router. Machines without IPv6, or
 * where Fastify already bound ::1, simply keep what they have.
 */
function listenOnIpv6Loopback(app: FastifyInstance, port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => app.routing(request, response));
    server.once('error', () => resolve(undefined));
    server.listen({ host: '::1', port, ipv6Only: true }, () => resolve(server));
  });
}

/** Turns maintenance on or off for one tenant, or for all with `'global'`. Immediate. */
export async function setMaintenance(
  db: Kysely<DatabaseSchema>,
  tenant: string | 'global',
  on: boolean,
): Promise<void> {
  if (tenant === 'global') {
    await db
      .updateTable('system_flags')
      .set({ enabled: on, updated_at: sql<Date>`now()` })
      .where('name', '=', 'maintenance')
      .execute();
    return;
  }
  await db.updateTable('tenants').set({ maintenance: on }).where('name', '=', tenant).execute();
}
