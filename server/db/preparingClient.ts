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

/** A node-postgres client that runs statements marked {@link PREPARED_STATEMENT} prepared. */
export class PreparingClient extends pg.Client {
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
        return plain({ name: statementName(text), text, values });
      }
      return plain(text, values, ...rest);
    };
    this.query = query as pg.Client['query'];
  }
}
