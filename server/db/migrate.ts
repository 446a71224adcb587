import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { projectPath } from '../paths';

/** The folder of the SQL migrations that ship with the server. */
export const MIGRATIONS_DIR = projectPath('server', 'db', 'migrations');

/**
 * Arbitrary but fixed key of the advisory lock that serialises migrations, so several
 * server processes can start at once against one PostgreSQL.
 */
const MIGRATION_LOCK_KEY = 7_365_001;

/** Migration files are `NNNN_description.sql`; the number orders them. */
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/** What a migration run did. */
export interface MigrationReport {
  /** File names applied by this run, in order. */
  applied: string[];
}

/** Thrown when a migration that already ran has changed on disk since. */
export class MigrationChangedError extends Error {
  override name = 'MigrationChangedError';
}

const checksum = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Applies every `*.sql` file of `directory` that has not run yet, in file-name order, each in
 * its own transaction and recorded in `schema_migrations`. The whole run holds a session-level
 * advisory lock on one connection, so concurrent starters wait and then find nothing to do.
 * An applied file whose content changed is refused: editing history would leave databases
 * that ran the old text silently different from new ones.
 */
export async function migrate<DB>(
  db: Kysely<DB>,
  directory: string = MIGRATIONS_DIR,
): Promise<MigrationReport> {
  const files = (await readdir(directory)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      await sql`
        create table if not exists schema_migrations (
          name text primary key,
          checksum text not null,
          applied_at timestamptz not null default now()
        )`.execute(connection);
      const done = await sql<{ name: string; checksum: string }>`
        select name, checksum from schema_migrations`.execute(connection);
      const applied = new Map(done.rows.map((row) => [row.name, row.checksum]));
      const report: MigrationReport = { applied: [] };
      for (const name of files) {
        const text = await readFile(`${directory}/${name}`, 'utf8');
        const sum = checksum(text);
        const previous = applied.get(name);
        if (previous !== undefined) {
          if (previous !== sum) {
            throw new MigrationChangedError(
              `Migration ${name} changed after it was applied. Add a new migration instead ` +
                '(on a throw-away development database, delete the data folder).',
            );
          }
          continue;
        }
        await connection.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await sql`insert into schema_migrations (name, checksum) values (${name}, ${sum})`.execute(
            trx,
          );
        });
        report.applied.push(name);
      }
      return report;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
