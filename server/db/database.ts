import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
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
   * Calls `listener` after every statement run through `db` with its time and outcome (for the
   * metrics); answers the function that stops it.
   */
  onQuery(listener: QueryListener): () => void;
}

/** Connections of the pool: open, idle among them, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Sees one statement's run: how long it took and whether it failed. */
export type QueryListener = (durationMs: number, failed: boolean) => void;

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

async function openPglite(dataDir: string): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
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
      types: typeParsers,
      Client: PreparingClient,
    });
    const held = lock;
    if (held)
      pool.on('connect', (client) => guardWrites(client, () => assertLockHeld(held, location)));
    return {
      pool,
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
  if (options.databaseUrl) {
    kind = 'postgres';
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: typeParsers,
      Client: PreparingClient,
    });
  } else {
    kind = 'pglite';
    const opened = await openPglite(options.dataDir ?? './data');
    pool = opened.pool;
    closeBackend = opened.close;
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
  // Kysely times each statement only when it logs, so the time is measured once and shared.
  const log = (event: LogEvent) => {
    for (const listener of listeners) listener(event.queryDurationMillis, event.level === 'error');
  };
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    kind,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    onQuery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closing ??= (async () => {
        try {
          await db.destroy();
        } finally {
          await closeBackend();
        }
      })();
      return closing;
    },
  };
}
