import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * Where the bytes of files live. The metadata (owner, task, name, type) is always a row of
 * `files`; only the content goes through this interface, so a folder or an S3-compatible
 * bucket can replace the database later without touching the routes or the access rules.
 * Every call names the tenant, so a store can keep tenants apart (a prefix, a bucket each).
 */
export interface FileContentStore {
  /** Writes (or overwrites) the content of a file whose metadata row exists. */
  put(tenant: string, fileId: string, content: Buffer): Promise<void>;
  /** The content, or undefined when the store has none for that id. */
  get(tenant: string, fileId: string): Promise<Buffer | undefined>;
  /** Removes the contents of these files; unknown ids are ignored. */
  remove(tenant: string, fileIds: readonly string[]): Promise<void>;
}

/**
 * The default store: `file_contents` in the same database (PGlite or PostgreSQL alike), so a
 * demo needs no other service, backups hold files with the tasks that own them, and several
 * server processes share one store. A content row goes with its metadata row by foreign key.
 */
export class DatabaseFileContentStore implements FileContentStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Writes the content in the one statement PostgreSQL can run as an upsert. */
  async put(tenant: string, fileId: string, content: Buffer): Promise<void> {
    await this.db
      .insertInto('file_contents')
      .values({ file_id: fileId, tenant, content })
      .onConflict((conflict) => conflict.column('file_id').doUpdateSet({ content }))
      .execute();
  }

  /** Reads the content of one file of the tenant. */
  async get(tenant: string, fileId: string): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom('file_contents')
      .select('content')
      .where('tenant', '=', tenant)
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return row?.content;
  }

  /** Deletes the contents of the tenant's files named. */
  async remove(tenant: string, fileIds: readonly string[]): Promise<void> {
    if (fileIds.length === 0) return;
    await this.db
      .deleteFrom('file_contents')
      .where('tenant', '=', tenant)
      .where('file_id', 'in', [...fileIds])
      .execute();
  }
}
