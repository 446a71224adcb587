import { createHash } from 'node:crypto';
import type { Compilable, Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from './schema';

/**
 * The comment a statement starts with to run as a named prepared statement. PostgreSQL then
 * parses it once per connection and, after a few runs, keeps a generic plan instead of
 * planning every call. Meant for the hot reads whose planning costs as much as their run:
 * the task lists (about 1 ms of each) and the tenant and session lookups of every API call.
 * The name is a hash of the text, so each shape of the statement is prepared once.
 */
export const PREPARED_STATEMENT = '/* prepared */';

/** Runs a query built with Kysely as a prepared statement and answers its rows. */
export async function executePrepared<Row>(
  db: Kysely<DatabaseSchema>,
  query: Compilable<Row>,
): Promise<Row[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<Row>({
    ...compiled,
    sql: `${PREPARED_STATEMENT} ${compiled.sql}`,
  });
  return result.rows;
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Statement names by text: the list calls repeat a few shapes, hashed once each. */
const names = new Map<string, string>();
const NAMES_KEPT = 500;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `tessera_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < NAMES_KEPT) names.set(text, name);
  }
  return name;
}

/**
 * How many prepared statements one connection keeps. Each costs the backend about 100 KiB,
 * and a list's shape (its filters and sort) is chosen by the caller, so without a bound one
 * user could prepare shapes until the database runs out of memory. The few shapes that
 * people really use stay prepared; a rare one is prepared again when it comes back.
 */
export const PREPARED_STATEMENTS_KEPT = 100;

/** The parts of node-postgres's connection that remember which statements it parsed. */
interface ParsedStatements {
  parsedStatements: Record<string, string | undefined>;
}

/**
 * A node-postgres client that runs statements marked {@link PREPARED_STATEMENT} prepared,
 * keeping at most {@link PREPARED_STATEMENTS_KEPT} of them: the least recently used is
 * deallocated when another is added.
 */
export class PreparingClient extends pg.Client {
  /** Statement names of this connection, least recently used first. */
  private readonly preparedNames = new Set<string>();
  /** Names whose DEALLOCATE is queued and not yet answered. */
  private readonly deallocating = new Set<string>();
  /** Names whose DEALLOCATE failed (a failed transaction refuses every command): retried. */
  private readonly deallocateFailed = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const plain = this.query.bind(this) as QueryFunction;
    const query: QueryFunction = (text, values, ...rest) => {
      if (
        typeof text === 'string' &&
        text.startsWith(PREPARED_STATEMENT) &&
        Array.isArray(values) &&
        rest.length === 0
      ) {
        const name = statementName(text);
        this.markUsed(name, plain);
        return plain({ name, text, values });
      }
      return plain(text, values, ...rest);
    };
    this.query = query as pg.Client['query'];
  }

  /** Marks `name` as just used and, past the bound, releases the least recently used. */
  private markUsed(name: string, plain: QueryFunction): void {
    this.deallocateFailed.delete(name);
    this.preparedNames.delete(name);
    this.preparedNames.add(name);
    if (this.preparedNames.size <= PREPARED_STATEMENTS_KEPT) return;
    const [oldest] = this.preparedNames;
    if (oldest === undefined) return;
    this.preparedNames.delete(oldest);
    const retries = [...this.deallocateFailed];
    this.deallocateFailed.clear();
    for (const released of [oldest, ...retries]) this.deallocate(released, plain);
  }

  /**
   * Deallocates a statement. It is queued behind the queries already sent, so none of them
   * loses its statement; node-postgres forgets the name in the callback, which it calls
   * before it sends the next query, so a later use of the same text parses it again.
   */
  private deallocate(name: string, plain: QueryFunction): void {
    const connection = (this as unknown as { connection: ParsedStatements }).connection;
    // A statement whose parse failed does not exist: DEALLOCATE would fail and, inside a
    // transaction, abort it. One already being released needs nothing more.
    if (connection.parsedStatements[name] === undefined || this.deallocating.has(name)) return;
    this.deallocating.add(name);
    plain(`DEALLOCATE ${name}`, (error: Error | null) => {
      this.deallocating.delete(name);
      if (!error) Reflect.deleteProperty(connection.parsedStatements, name);
      else if (!this.preparedNames.has(name)) this.deallocateFailed.add(name);
    });
  }
}
