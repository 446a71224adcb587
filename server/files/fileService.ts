import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { FileKind, SignatureMethod, StoredFile } from '../../schemas/api/files';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { requireVisibleTask } from '../workflow/taskAccess';
import type { TaskActor } from '../workflow/taskActor';
import { checkFileContent, type CheckedFile } from './checkFileContent';
import type { FileContentStore } from './FileContentStore';
import { findFile, toStoredFile, type FileRow } from './fileRepository';
import type { FileStoreConfig } from './fileStoreConfig';
import type { FileSummary } from './fileTables';
import { downloadName } from './fileNames';
import { requireEditableTask } from './editableTask';

/** What every file operation works with. */
export interface FileContext {
  db: Kysely<DatabaseSchema>;
  store: FileContentStore;
  config: FileStoreConfig;
  actor: TaskActor;
}

/** A file as it arrived: the name the browser gave and the bytes. */
export interface IncomingFile {
  name: string;
  content: Buffer;
}

/** What an upload says about its file beside the bytes. */
export interface IncomingFileFacts {
  /** How a signature was made; only a signature's upload carries it. */
  signatureMethod?: SignatureMethod | undefined;
}

/**
 * The `files.summary` of a checked file: what it holds beyond its bytes (a spreadsheet's
 * rows) and how it was made (a typed signature), if anything.
 */
function summaryOf(checked: CheckedFile, facts: IncomingFileFacts): string | null {
  const summary: FileSummary = {
    ...(checked.spreadsheet ? { spreadsheet: checked.spreadsheet } : {}),
    ...(facts.signatureMethod ? { signature: { method: facts.signatureMethod } } : {}),
  };
  return Object.keys(summary).length > 0 ? JSON.stringify(summary) : null;
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'There is no such file.');

/** The tenant's file row; 404 for an unknown id or another tenant's. */
async function requireFile(context: FileContext, fileId: string): Promise<FileRow> {
  const row = await findFile(context.db, context.actor.tenant, fileId);
  if (!row) throw notFound();
  return row;
}

/**
 * Stores a new file for a task the actor is filling in (see requireEditableTask), after its
 * content is checked for the kind (checkFileContent). Nothing is stored when it is refused.
 */
export async function uploadFile(
  context: FileContext,
  taskId: string,
  kind: FileKind,
  file: IncomingFile,
  facts: IncomingFileFacts = {},
): Promise<StoredFile> {
  const { db, store, actor } = context;
  const task = await requireEditableTask(db, actor, taskId);
  const checked = await checkFileContent(kind, file.content, context.config);
  const row = await db
    .insertInto('files')
    .values({
      id: randomUUID(),
      tenant: actor.tenant,
      instance_id: task.instance_id,
      task_id: task.id,
      kind,
      file_name: downloadName(file.name, checked.mediaType),
      media_type: checked.mediaType,
      byte_size: checked.content.length,
      summary: summaryOf(checked, facts),
      uploaded_by: actor.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  try {
    await store.put(actor.tenant, row.id, checked.content);
  } catch (error) {
    // A file without content would be a broken link in the form: take the row back.
    await db
      .deleteFrom('files')
      .where('tenant', '=', actor.tenant)
      .where('id', '=', row.id)
      .execute();
    throw error;
  }
  return toStoredFile(row);
}

/**
 * New content for an existing file (`PATCH`, the picture edited again): the same checks as
 * an upload of the file's kind, on a file of a task the actor is filling in. The id stays,
 * so the form's value needs no change.
 */
export async function replaceFile(
  context: FileContext,
  fileId: string,
  file: IncomingFile,
  facts: IncomingFileFacts = {},
): Promise<StoredFile> {
  const { db, store, actor } = context;
  const existing = await requireFile(context, fileId);
  await requireEditableTask(db, actor, existing.task_id);
  const checked = await checkFileContent(existing.kind, file.content, context.config);
  await store.put(actor.tenant, existing.id, checked.content);
  const row = await db
    .updateTable('files')
    .set({
      file_name: downloadName(file.name, checked.mediaType),
      media_type: checked.mediaType,
      byte_size: checked.content.length,
      summary: summaryOf(checked, facts),
      uploaded_by: actor.userId,
      updated_at: new Date(),
    })
    .where('tenant', '=', actor.tenant)
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStoredFile(row);
}

/** The limit of a replacement: the file's own kind. */
export async function kindOfFile(context: FileContext, fileId: string): Promise<FileKind> {
  return (await requireFile(context, fileId)).kind;
}

/**
 * A file and its bytes for anyone who may see its task: 404 for an unknown id or another
 * tenant's, 403 for someone who may not see the task (the task area's rule, which keeps a
 * completed task's files readable to whoever may read its process).
 */
export async function readFile(
  context: FileContext,
  fileId: string,
): Promise<{ file: FileRow; content: Buffer }> {
  const file = await requireFile(context, fileId);
  await requireVisibleTask(context.db, context.actor, file.task_id);
  const content = await context.store.get(context.actor.tenant, file.id);
  if (!content) throw notFound();
  return { file, content };
}

/** Removes a file of a task the actor is filling in (the field's delete). */
export async function deleteFile(context: FileContext, fileId: string): Promise<StoredFile> {
  const { db, store, actor } = context;
  const file = await requireFile(context, fileId);
  await requireEditableTask(db, actor, file.task_id);
  await store.remove(actor.tenant, [file.id]);
  await db
    .deleteFrom('files')
    .where('tenant', '=', actor.tenant)
    .where('id', '=', file.id)
    .execute();
  return toStoredFile(file);
}
