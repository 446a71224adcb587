import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { withDeadline } from '../../src/core/async/withDeadline';

/** Why the database could not serve a statement. */
export type UnavailableReason = 'connectionLost' | 'refused' | 'timeout';

/**
 * The database failed in a way that passes with time (it is down, restarting, unreachable or
 * not answering): the call may be tried again. Every other database error (a constraint, a
 * syntax error) stays what it was.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly reason: UnavailableReason;
  /** PostgreSQL's SQLSTATE or Node's error code behind it, if any; never the message. */
  readonly sourceCode: string | undefined;

  constructor(reason: UnavailableReason, message: string, options: ErrorOptions = {}) {
    super(message, options);
    this.reason = reason;
    const code = (options.cause as { code?: unknown } | undefined)?.code;
    this.sourceCode = typeof code === 'string' ? code : undefined;
  }
}

/** How long the database may take before a call gives up on it; both in milliseconds. */
export interface DatabaseDeadlines {
  /** Waiting for a pool connection, or for a new one to open. */
  acquireMs: number;
  /** One statement, from sending it to its answer. */
  statementMs: number;
}

/** The deadlines a server runs with unless configured otherwise: a call answers within 5 s. */
export const DEFAULT_DEADLINES: DatabaseDeadlines = { acquireMs: 4_000, statementMs: 4_000 };

/** Connection-level SQLSTATEs: the server is gone or going, or turned the connection away. */
const LOST_STATES = new Set(['57P01', '57P02', '57P05']);
const REFUSED_STATES = new Set(['57P03', '53300']);
/** Node's socket errors. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection that ended or never came. */
const LOST_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed|Connection ended/i;
const POOL_TIMEOUT_MESSAGE = /timeout exceeded when trying to connect/i;

/**
 * The error as a {@link DatabaseUnavailableError} when it means the database cannot serve now
 * (SQLSTATE class 08, a shutdown, too many connections, a socket error, a connection that
 * ended, no pool connection in time); undefined for every other error.
 */
export function asUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || LOST_STATES.has(code) || SOCKET_CODES.has(code)) {
      return new DatabaseUnavailableError('connectionLost', 'The database connection was lost.', {
        cause: error,
      });
    }
    if (REFUSED_STATES.has(code)) {
      return new DatabaseUnavailableError('refused', 'The database refused the connection.', {
        cause: error,
      });
    }
  }
  if (POOL_TIMEOUT_MESSAGE.test(error.message)) {
    return new DatabaseUnavailableError('timeout', 'No database connection came in time.', {
      cause: error,
    });
  }
  if (LOST_MESSAGE.test(error.message)) {
    return new DatabaseUnavailableError('connectionLost', 'The database connection was lost.', {
      cause: error,
    });
  }
  return undefined;
}

/** The faults a test can switch on (server/testing/startTestServer.ts). */
export const DatabaseFault = {
  /** Every statement fails as a database that is shutting down would answer. */
  error: 'error',
  /** No statement is answered. */
  hang: 'hang',
  /** The connection is lost: on PostgreSQL its backend is terminated for real. */
  drop: 'drop',
} as const;
/** The faults a test can switch on. */
export type DatabaseFault = (typeof DatabaseFault)[keyof typeof DatabaseFault];

/** Options of {@link DatabaseFaults.set}. */
export interface FaultOptions {
  /**
   * The fault starts with the first statement this accepts (that statement fails), so a test
   * can break a write half-way; default the next statement.
   */
  from?: (sql: string) => boolean;
}

/**
 * The test switch behind the database driver: off by default. Only the in-process test server
 * creates one (`startTestServer({ databaseFaults: true })`); no configuration, header or route
 * reaches it, so a production server has none.
 */
export class DatabaseFaults {
  private mode: DatabaseFault | null = null;
  private from: ((sql: string) => boolean) | undefined;
  private readonly hanging = new Set<(error: Error) => void>();
  private readonly armedListeners = new Set<(mode: DatabaseFault) => void>();

  /** The fault in force now (null: none, or one still waiting for its first statement). */
  get active(): DatabaseFault | null {
    return this.from ? null : this.mode;
  }

  /** Switches a fault on; it lasts until {@link off}. */
  set(mode: DatabaseFault, options: FaultOptions = {}): void {
    this.mode = mode;
    this.from = options.from;
    if (!this.from) this.notifyArmed(mode);
  }

  /**
   * Switches the fault off. Statements still hanging fail as if their connection had been
   * lost, as a database that comes back does to the sessions it dropped.
   */
  off(): void {
    this.mode = null;
    this.from = undefined;
    const lost = new Error('Connection terminated unexpectedly');
    for (const fail of this.hanging) fail(lost);
    this.hanging.clear();
  }

  /** @internal Called when a fault takes effect (the drop terminates every backend then). */
  onArmed(listener: (mode: DatabaseFault) => void): () => void {
    this.armedListeners.add(listener);
    return () => this.armedListeners.delete(listener);
  }

  /** @internal The fault that applies to this statement, or null. */
  faultFor(sql: string): DatabaseFault | null {
    if (this.mode === null) return null;
    if (this.from) {
      if (!this.from(sql)) return null;
      this.from = undefined;
      this.notifyArmed(this.mode);
    }
    return this.mode;
  }

  /** @internal A statement that never answers, until the deadline or {@link off}. */
  hang(): Promise<never> {
    return new Promise<never>((_resolve, reject) => {
      this.hanging.add(reject);
    });
  }

  private notifyArmed(mode: DatabaseFault): void {
    for (const listener of this.armedListeners) listener(mode);
  }
}

const withoutDeadlineScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` with no statement deadline: migrations, seeding and the planner's statistics
 * may legitimately run longer than a call may wait. Pool waits keep their deadline.
 */
export function withoutStatementDeadline<T>(work: () => Promise<T>): Promise<T> {
  return withoutDeadlineScope.run(true, work);
}

/** What {@link guardPool} needs to know about its backend. */
export interface GuardOptions {
  /** The per-statement deadline; none when undefined. */
  statementMs: number | undefined;
  /** The test switch, if this database has one. */
  faults: DatabaseFaults | undefined;
  /**
   * Ends the backend session of a connection whose statement was abandoned, so it can never
   * finish later (PostgreSQL: `pg_terminate_backend`). Best effort; must not throw.
   */
  terminateBackend(client: pg.PoolClient): Promise<void>;
  /**
   * What the backend does when a connection is lost (PGlite, where the "connection" is in the
   * process and its one session outlives it: roll back). Undefined on PostgreSQL, whose
   * server does it itself once the socket closes.
   */
  resetSession?: () => Promise<void>;
}

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The pool Kysely runs on, guarded: every statement gets the deadline (unless run by
 * {@link withoutStatementDeadline}) and the test switch's fault, and failures that mean the
 * database cannot serve become {@link DatabaseUnavailableError}. A connection that failed so,
 * or whose statement was abandoned, is never handed out again: PostgreSQL's is closed (its
 * server rolls back what it held), PGlite's session is rolled back. A checked-out connection
 * that dies between two statements is noticed instead of ending the process with an
 * unhandled 'error' event.
 */
export function guardPool(pool: pg.Pool, options: GuardOptions): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error) ?? error;
      }
      return guardClient(pool, client, options);
    },
    end: () => pool.end(),
  };
}

/**
 * The first statement of a checkout that may run again on another connection when its own
 * turns out to be dead: opening a transaction or a read, which change nothing if they ran.
 */
const SAFE_TO_REPEAT = /^\s*(?:\/\*[^]*?\*\/\s*)*(?:begin|start transaction|select)\b/i;

function guardClient(
  pool: pg.Pool,
  checkedOut: pg.PoolClient,
  options: GuardOptions,
): PostgresPoolClient {
  let client = checkedOut;
  let broken: Error | undefined;
  let used = false;
  let detached = false;
  const onError = (error: Error) => {
    broken ??= error;
  };
  client.on('error', onError);
  const plain: Query = (...args) => (client.query as unknown as Query).apply(client, args);

  /**
   * A pooled connection the database closed while it sat idle (a restart, a drop) is only
   * found dead when used; the first statement of the checkout then gets one fresh connection.
   */
  const replaceDeadConnection = async (lost: Error): Promise<void> => {
    client.removeListener('error', onError);
    client.release(lost);
    try {
      client = await pool.connect();
    } catch (error) {
      // No connection at all: the dead one is back with the pool already.
      detached = true;
      broken = lost;
      throw asUnavailable(error) ?? error;
    }
    broken = undefined;
    client.on('error', onError);
  };

  // `replaced`: dead connections replaced for this first statement, at most the pool's size.
  const run = async (args: unknown[], replaced = 0): Promise<unknown> => {
    const first = !used || replaced > 0;
    used = true;
    if (broken && !first) {
      throw new DatabaseUnavailableError('connectionLost', 'The database connection was lost.', {
        cause: broken,
      });
    }
    const [statement] = args;
    const text = typeof statement === 'string' ? statement : '';
    const fault = options.faults?.faultFor(text) ?? null;
    let pending: Promise<unknown>;
    if (fault === DatabaseFault.error) {
      pending = Promise.reject(
        Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      );
    } else if (fault === DatabaseFault.hang) {
      pending = options.faults?.hang() ?? Promise.reject(new Error('no fault switch'));
    } else if (fault === DatabaseFault.drop) {
      // A drop ends this connection's session first; the statement then meets the dead
      // connection as it would after a network failure or a server restart.
      pending = dropConnection(client, options).then(() => plain(...args));
    } else {
      pending = plain(...args);
    }
    const deadline = withoutDeadlineScope.getStore() ? undefined : options.statementMs;
    try {
      return await (deadline === undefined
        ? pending
        : withDeadline(
            pending,
            deadline,
            () =>
              new DatabaseUnavailableError(
                'timeout',
                `The database did not answer within ${deadline} ms.`,
              ),
          ));
    } catch (error) {
      const unavailable = asUnavailable(error);
      if (!unavailable) throw error;
      if (
        first &&
        replaced <= (pool.options.max ?? 10) &&
        fault === null &&
        unavailable.reason === 'connectionLost' &&
        SAFE_TO_REPEAT.test(text)
      ) {
        await replaceDeadConnection(unavailable);
        return run(args, replaced + 1);
      }
      broken ??= unavailable;
      if (unavailable.reason === 'timeout' && fault === null) {
        await options.terminateBackend(client);
      }
      throw unavailable;
    }
  };

  return {
    // A cursor (Kysely's streaming) is handed over as it is: node-postgres answers it at once.
    query: ((...args: unknown[]) =>
      typeof args[0] === 'string' ? run(args) : plain(...args)) as PostgresPoolClient['query'],
    release() {
      if (detached) return;
      client.removeListener('error', onError);
      if (!broken) {
        client.release();
        return;
      }
      const lost = broken;
      if (options.resetSession) {
        // The one embedded session survives its "connection": undo what it held, then lend
        // it out again; until then the pool counts it as busy, so nobody else gets it.
        void options
          .resetSession()
          .catch(() => {})
          .finally(() => client.release());
      } else {
        client.release(lost);
      }
    },
  };
}

/**
 * The drop fault on one connection: PostgreSQL terminates its backend for real (the pool
 * must then replace it); PGlite, whose connection is in the process, fails the statement as
 * node-postgres does on a lost socket and rolls its session back on release.
 */
async function dropConnection(client: pg.PoolClient, options: GuardOptions): Promise<void> {
  if (options.resetSession) throw new Error('Connection terminated unexpectedly');
  await options.terminateBackend(client);
}

/**
 * Ends PostgreSQL backends from a connection of its own (the pool's may all be stuck): the
 * one of `processId`, or, with none, every other session on the database. Best effort: when
 * the database cannot be reached the statement cannot finish either.
 */
export async function terminateBackends(
  connectionString: string,
  processId?: number,
): Promise<void> {
  const admin = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
  admin.on('error', () => {});
  try {
    await admin.connect();
    await (processId === undefined
      ? admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity ' +
            'where datname = current_database() and pid <> pg_backend_pid()',
        )
      : admin.query('select pg_terminate_backend($1)', [processId]));
  } catch {
    // Unreachable: nothing more can be done from here.
  } finally {
    await admin.end().catch(() => {});
  }
}
