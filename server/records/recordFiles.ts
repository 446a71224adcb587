import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import type { FileContentStore } from '../files/FileContentStore';
import type { FileRow } from '../files/fileRepository';

/** Which record and which of its form's files. */
export interface RecordFileRef {
  readonly key: string;
  readonly version: number;
  readonly recordId: string;
  readonly fileId: string;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'There is no such file.');

/**
 * Notes that a process instance produced a record (its tasks filled the record's fields), so
 * the files stored for that instance's tasks can be read from the record's page. Linking
 * twice is harmless.
 */
export async function linkRecordToInstance(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  recordId: string,
  instanceId: string,
): Promise<void> {
  await db
    .insertInto('object_record_sources')
    .values({ tenant, record_id: recordId, instance_id: instanceId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * A file shown in a record's read-only form: answered only when the record is the tenant's,
 * of that object and version, and the file was stored for a task of a process instance that
 * produced the record. Anything else (another tenant's record or file, a file of an unrelated
 * instance, an unknown id) is the same 404, so a caller learns nothing of files it may not read.
 * Access-bo is the route's own check.
 */
export async function readRecordFile(
  db: Kysely<DatabaseSchema>,
  store: FileContentStore,
  tenant: string,
  ref: RecordFileRef,
): Promise<{ file: FileRow; content: Buffer }> {
  const file = await db
    .selectFrom('files')
    .innerJoin('object_record_sources as source', (join) =>
      join
        .onRef('source.tenant', '=', 'files.tenant')
        .onRef('source.instance_id', '=', 'files.instance_id'),
    )
    .innerJoin('object_records as record', (join) =>
      join.onRef('record.tenant', '=', 'source.tenant').onRef('record.id', '=', 'source.record_id'),
    )
    .selectAll('files')
    .where('files.tenant', '=', tenant)
    .where('files.id', '=', ref.fileId)
    .where('record.id', '=', ref.recordId)
    .where('record.key', '=', ref.key)
    .where('record.version', '=', ref.version)
    .executeTakeFirst();
  if (!file) throw notFound();
  const content = await store.get(tenant, file.id);
  if (!content) throw notFound();
  return { file, content };
}
