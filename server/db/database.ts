import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import {
  DatabaseFault,
  guardPool,
  terminateBackends,
  withoutStatementDeadline,
  type DatabaseDeadlines,
  type DatabaseFaults,
} from './databaseGuard';
import { assertLockHeld, lockFolder, type FolderLock } from './lockFile';
import { PreparingClient } from './preparingClient';
import type { DatabaseSchema } from './schema';

/** Where the data lives: an embedded PGlite folder, or a PostgreSQL server. */
export interface DatabaseOptions {
  /** PGlite folder; `memory://` keeps it in memory (tests). Default `./data`. */
  dataDir?: string;
  /** A PostgreSQL connection string; when set, `dataDir` is ignored. */
  databaseUrl?: string;
  /** Pool size for PostgreSQL (PGlite is always 1: it is one single-user backend). */
  poolSize?: number;
  /**
   * How long a pool connection and a statement may take before the call gives up with a
   * `DatabaseUnavailableError` (answered 503); none when omitted (tools, most tests).
   */
  deadlines?: DatabaseDeadlines;
  /** The test switch that makes the database fail; only the test server passes one. */
  faults?: DatabaseFaults;
}

/** An open database and the way to close it. */
export interface AppDatabase {
  /** The typed query builder every module uses. */
  db: Kysely<DatabaseSchema>;
  /** Which backend is behind `db`; the SQL is the same on both. */
  kind: 'pglite' | 'postgres';
  /** Ends the pool, closes PGlite and releases the folder lock. Safe to call twice. */
  close(): Promise<void>;
  /** The connection pool's state now, for the metrics. */
  poolStats(): PoolStats;
  /**
   * Calls `listener` after every statement run through `db` with its time, outcome and SQL
   * (for the metrics); answers the function that stops it.
   */
  onQuery(listener: QueryListener): () => void;
  /**
   * Listens to a NOTIFY channel on a connection of its own (PostgreSQL; reconnected when it
   * drops) or on the embedded backend (PGlite). `onNotify` gets each payload after the
   * notifying transaction commits; `onReconnect` is called after a dropped connection is
   * back, since what was notified in between is lost. Answers the function that stops it.
   * `channel` is an identifier the caller fixes, never user input.
   */
  listen(channel: string, handlers: NotifyHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `work` without the statement deadline (migrations, seeding, statistics: work that
   * may rightly take longer than a call may wait).
   */
  withoutStatementDeadline<T>(work: () => Promise<T>): Promise<T>;
}

/** What a NOTIFY listener is told. */
export interface NotifyHandlers {
  onNotify(payload: string): void;
  onReconnect?(): void;
}

/** How long a dropped listening connection waits before it tries again, at most. */
const LISTEN_RETRY_MAX_MS = 5_000;
const LISTEN_CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel: a pool connection cannot,
 * since the pool hands it to other work. When it drops (a restart, a terminated backend) it
 * connects again with a growing pause and says so, so the listener can catch up.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotifyHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pauseMs = 250;
  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        handlers.onNotify(message.payload);
      }
    });
    // 'error' is followed by 'end'; unhandled it would end the process.
    client.on('error', () => {});
    client.on('end', () => {
      if (stopped || current !== client) return;
      current = undefined;
      schedule();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  };
  const schedule = () => {
    retry = setTimeout(async () => {
      retry = undefined;
      if (stopped) return;
      try {
        const client = await connect();
        if (stopped) {
          await client.end().catch(() => {});
          return;
        }
        current = client;
        pauseMs = 250;
        handlers.onReconnect?.();
      } catch {
        pauseMs = Math.min(pauseMs * 2, LISTEN_RETRY_MAX_MS);
        schedule();
      }
    }, pauseMs);
    retry.unref();
  };
  current = await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** Connections of the pool: open, idle among them, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Sees one statement's run: how long it took, whether it failed, and its SQL (no values). */
export type QueryListener = (durationMs: number, failed: boolean, sql: string) => void;

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * Type parsers of this pool only (not pg's global registry, which other code may share):
 * `int8` becomes a number, because our int8 values are counts and identity ids far below
 * 2^53; `date` stays a `YYYY-MM-DD` string, because pg's default turns it into a local
 * midnight `Date` that shifts by a day across time zones. `timestamptz` keeps pg's `Date`.
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === INT8_OID) return (value: string) => Number(value);
    if (format !== 'binary' && oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** A statement that changes the database or ends a transaction (after any leading comment). */
const WRITING_STATEMENT =
  /^\s*(?:\/\*[^]*?\*\/\s*)*(?:insert|update|delete|merge|create|alter|drop|truncate|commit|end|copy|with|call|do|vacuum|reindex|cluster|grant|revoke|comment|set|lock)\b/i;

/**
 * Runs `check` before every statement of `client` that writes: a PGlite folder's lock is
 * asked right before the write, so a server that lost its folder writes nothing more. Reads
 * (every task list) pass without the file read.
 */
function guardWrites(client: pg.PoolClient, check: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && WRITING_STATEMENT.test(text)) check();
    return query(...args);
  };
}

async function openPglite(
  dataDir: string,
  acquireMs: number | undefined,
): Promise<{ pool: pg.Pool; pglite: PGlite; close: () => Promise<void> }> {
  const inMemory = dataDir.startsWith('memory://');
  let lock: FolderLock | undefined;
  let location = dataDir;
  if (!inMemory) {
    location = resolve(dataDir);
    mkdirSync(location, { recursive: true });
    lock = await lockFolder(location);
  }
  try {
    // pg_trgm serves the records list's "contains" filters (migration 0631).
    const pglite = await PGlite.create(location, { extensions: { pg_trgm } });
    // idleTimeoutMillis 0: never drop the one in-process connection just for being idle.
    const pool = new pg.Pool({
      ...createPgConfig(pglite),
      max: 1,
      idleTimeoutMillis: 0,
      ...(acquireMs === undefined ? {} : { connectionTimeoutMillis: acquireMs }),
      types: typeParsers,
      Client: PreparingClient,
    });
    const held = lock;
    if (held)
      pool.on('connect', (client) => guardWrites(client, () => assertLockHeld(held, location)));
    return {
      pool,
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, otherwise embedded PGlite in
 * `dataDir`. Both go through node-postgres and Kysely's PostgresDialect, so every query runs
 * the same code on both. Run `migrate()` before use.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<AppDatabase> {
  let pool: pg.Pool;
  let closeBackend: () => Promise<void> = async () => {};
  let kind: AppDatabase['kind'];
  let listen: AppDatabase['listen'];
  let pgliteOf: PGlite | undefined;
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl;
    listen = (channel, handlers) => listenOnPostgres(connectionString, channel, handlers);
    kind = 'postgres';
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Opening a connection and waiting for a free one share the acquire deadline.
      ...(options.deadlines ? { connectionTimeoutMillis: options.deadlines.acquireMs } : {}),
      types: typeParsers,
      Client: PreparingClient,
    });
  } else {
    kind = 'pglite';
    const opened = await openPglite(options.dataDir ?? './data', options.deadlines?.acquireMs);
    pool = opened.pool;
    closeBackend = opened.close;
    const { pglite } = opened;
    pgliteOf = pglite;
    // One backend in the process: its NOTIFYs reach its own LISTEN when the change commits.
    listen = async (channel, handlers) => {
      const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload));
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    };
  }
  let closing: Promise<void> | undefined;
  // An idle client that the server drops (a restart, a terminated backend) emits 'error' on
  // the pool, which replaces it; unhandled, that event would end the process. Once closing,
  // such drops are expected and say nothing.
  pool.on('error', (error) => {
    if (!closing)
      console.error('Database connection lost; the pool will reconnect.', error.message);
  });
  const listeners = new Set<QueryListener>();
  const listening = new Set<() => Promise<void>>();
  // Kysely times each statement only when it logs, so the time is measured once and shared.
  const log = (event: LogEvent) => {
    for (const listener of listeners) {
      listener(event.queryDurationMillis, event.level === 'error', event.query.sql);
    }
  };
  const connectionString = options.databaseUrl;
  const pglite = kind === 'pglite' ? pgliteOf : undefined;
  const guarded = guardPool(pool, {
    statementMs: options.deadlines?.statementMs,
    faults: options.faults,
    terminateBackend: async (client) => {
      const processId = (client as unknown as { processID: number | null }).processID;
      if (connectionString && processId) await terminateBackends(connectionString, processId);
    },
    ...(pglite
      ? {
          resetSession: async () => {
            // A rollback outside a transaction only warns.
            await pglite.exec('rollback');
          },
        }
      : {}),
  });
  // A drop on PostgreSQL loses every connection of the pool at once, as a server restart does.
  const stopDropping = connectionString
    ? options.faults?.onArmed((mode) => {
        if (mode === DatabaseFault.drop) void terminateBackends(connectionString);
      })
    : undefined;
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: guarded }), log });
  return {
    db,
    kind,
    async listen(channel, handlers) {
      if (!LISTEN_CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const stop = await listen(channel, handlers);
      const stopOnce = async () => {
        if (!listening.delete(stopOnce)) return;
        await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    withoutStatementDeadline,
    onQuery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closing ??= (async () => {
        try {
          stopDropping?.();
          // A listener left open would reconnect to a database that is gone, for ever.
          await Promise.all([...listening].map((stop) => stop()));
          await db.destroy();
        } finally {
          await closeBackend();
        }
      })();
      return closing;
    },
  };
}
