import { sql, type Kysely, type Selectable } from 'kysely';
import type { StoredFile } from '../../schemas/api/files';
import { FileKind, SignatureMethod } from '../../schemas/api/filesConstants';
import type { DatabaseSchema } from '../db/schema';
import type { FileContentStore } from './FileContentStore';
import type { FilesTable } from './fileTables';

/** A `files` row as stored. */
export type FileRow = Selectable<FilesTable>;

/** The metadata row of a tenant's file, if any. */
export async function findFile(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  fileId: string,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/**
 * The metadata rows of a process instance's files among these ids, by id; an id that is not
 * a uuid, or names no file uploaded to one of that instance's tasks, is simply absent. A
 * form reads its files' metadata through this, so an id copied from elsewhere never reveals
 * another process's file.
 */
export async function findInstanceFiles(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  instanceId: string,
  fileIds: readonly string[],
): Promise<Map<string, FileRow>> {
  const ids = [...new Set(fileIds.filter((id) => UUID.test(id)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('files')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('instance_id', '=', instanceId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * True when the file exists in the tenant and belongs to that task: the check a form's save
 * and completion make on every file id in their values, so a value can never point at
 * another tenant's or another task's file (ids are not secrets once shown in a page).
 */
export async function fileBelongsTo(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  fileId: string,
  taskId: string,
): Promise<boolean> {
  if (!UUID.test(fileId)) return false;
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('tenant', '=', tenant)
    .where('id', '=', fileId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A file id as the server makes them; anything else names no file (and is not sent to SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The API's view of a stored file. */
export function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.file_name,
    mediaType: row.media_type,
    size: row.byte_size,
    kind: row.kind,
    taskId: row.task_id,
    processInstanceId: row.instance_id,
    updatedAt: row.updated_at.toISOString(),
    spreadsheet: row.summary?.spreadsheet ?? null,
    ...(row.kind === FileKind.signature
      ? { signatureMethod: row.summary?.signature?.method ?? SignatureMethod.drawn }
      : {}),
  };
}

/** What the clean-up did. */
export interface SweepReport {
  removed: number;
}

/** Files removed per round of the clean-up; the next round takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Removes uploads nobody kept: files written more than `unclaimedHours` ago whose id appears
 * neither in their task's saved values (the assignee's draft, or what was completed) nor in
 * their process's variables. A photo taken and then replaced, or uploaded to a form that was
 * never saved, goes; one that a saved form names stays as long as its task does (files go
 * with their task by foreign key). The id is looked for in the values' JSON text: a uuid does
 * not occur by chance, and the check needs no knowledge of each field's value shape.
 */
export async function sweepUnclaimedFiles(
  db: Kysely<DatabaseSchema>,
  store: FileContentStore,
  unclaimedHours: number,
): Promise<SweepReport> {
  let removed = 0;
  for (;;) {
    const stale = await db
      .selectFrom('files as f')
      .innerJoin('tasks as t', (join) =>
        join.onRef('t.tenant', '=', 'f.tenant').onRef('t.id', '=', 'f.task_id'),
      )
      .innerJoin('process_instances as i', (join) =>
        join.onRef('i.tenant', '=', 'f.tenant').onRef('i.id', '=', 'f.instance_id'),
      )
      .select(['f.tenant', 'f.id'])
      .where('f.updated_at', '<', sql<Date>`now() - make_interval(hours => ${unclaimedHours})`)
      .where(sql<boolean>`strpos(t.variables::text, f.id::text) = 0`)
      .where(sql<boolean>`strpos(i.variables::text, f.id::text) = 0`)
      .orderBy('f.updated_at')
      .limit(SWEEP_BATCH)
      .execute();
    if (stale.length === 0) return { removed };
    const byTenant = new Map<string, string[]>();
    for (const row of stale)
      byTenant.set(row.tenant, [...(byTenant.get(row.tenant) ?? []), row.id]);
    for (const [tenant, ids] of byTenant) {
      await store.remove(tenant, ids);
      await db.deleteFrom('files').where('tenant', '=', tenant).where('id', 'in', ids).execute();
    }
    removed += stale.length;
    if (stale.length < SWEEP_BATCH) return { removed };
  }
}
