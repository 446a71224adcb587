import type { Kysely } from 'kysely';
import { fileValueFromStore, isFileValue, type FileValue } from '../../plugins/upload/fileValue';
import { FIELD_CATALOG } from '../../plugins/catalog';
import type { PluginCatalog } from '../../src/core/forms/plugins/pluginCatalog';
import type { DatabaseSchema } from '../db/schema';
import { findInstanceFiles, toStoredFile } from '../files/fileRepository';
import type { CompiledPart } from './compileStoredForm';

/** Where a form's file values are read from. */
export interface StoredFileValueSource {
  readonly db: Kysely<DatabaseSchema>;
  readonly tenant: string;
  /** The task's process instance: only its files are read. */
  readonly instanceId: string;
  readonly part: CompiledPart;
  /** What the client sent (or what a combined task saved), by field id. */
  readonly values: Readonly<Record<string, unknown>>;
  /** What the task holds now: kept for a file it holds that is not one of the process's. */
  readonly held: Readonly<Record<string, unknown>>;
  /** The field types' rules; the app's plugin folders by default (tests pass their own). */
  readonly catalog?: PluginCatalog;
}

/** A field's value read as a stored-file object, if that is what it is. */
function fileValueOf(
  catalog: PluginCatalog,
  field: CompiledPart['fields'][number],
  value: unknown,
): FileValue | undefined {
  const rules = catalog.rulesOf(field.type);
  const sanitized = rules.sanitize(value, field);
  // Only a value its plugin says names a file: an object of the same shape in a field of
  // another type (a dynamic table's row) is that field's own data.
  if (!isFileValue(sanitized) || rules.fileIds(sanitized).length === 0) return undefined;
  return sanitized;
}

/** Which process's files a form's values are rebuilt from. */
interface FileScope {
  readonly db: Kysely<DatabaseSchema>;
  readonly tenant: string;
  readonly instanceId: string;
}

/**
 * `values` with each value `named` lists rebuilt from its file's row in the store; a value
 * whose file is not one of the instance's takes `fallback`'s answer, or stays as sent.
 */
async function rebuild(
  scope: FileScope,
  values: Readonly<Record<string, unknown>>,
  named: ReadonlyMap<string, FileValue>,
  fallback: (key: string, value: FileValue) => FileValue | undefined = () => undefined,
): Promise<Record<string, unknown>> {
  if (named.size === 0) return { ...values };
  const rows = await findInstanceFiles(
    scope.db,
    scope.tenant,
    scope.instanceId,
    [...named.values()].map((value) => value.id),
  );
  const rebuilt = new Map<string, FileValue>();
  for (const [key, value] of named) {
    const row = rows.get(value.id);
    const next = row ? fileValueFromStore(toStoredFile(row)) : fallback(key, value);
    if (next) rebuilt.set(key, next);
  }
  // fromEntries defines own properties, so no key can reach Object.prototype.
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, rebuilt.get(key) ?? value]),
  );
}

/**
 * `values` with every stored-file value of the part's fields (an upload's or a
 * spreadsheet's `{ id, fileName, rows, rowCount }`) rebuilt from the file store's row: the
 * name the file was stored under and the rows and count read from it on upload. Whatever
 * the client sent beside the id is only the preview it showed, and a value written from it
 * would let a form show an approver, a report or a document content the file does not hold.
 *
 * Only the files of the task's process are read, so an id copied from another process
 * reveals nothing of its file. A picture's or a signature's value is the id alone, so
 * nothing of it is rebuilt. An id naming no file of the process is left as sent, for the
 * ownership check to refuse, unless the task already holds it (a file handed on from
 * elsewhere), which keeps the value the task holds.
 */
export async function withStoredFileValues(
  source: StoredFileValueSource,
): Promise<Record<string, unknown>> {
  const { part, values, held } = source;
  const catalog = source.catalog ?? FIELD_CATALOG;
  const named = new Map<string, FileValue>();
  for (const field of part.fields) {
    if (!Object.hasOwn(values, field.id) || catalog.rulesOf(field.type).computed) continue;
    const value = fileValueOf(catalog, field, values[field.id]);
    if (value) named.set(field.id, value);
  }
  return rebuild(source, values, named, (fieldId, value) => {
    const field = part.fields.find((candidate) => candidate.id === fieldId);
    if (!field || !Object.hasOwn(held, fieldId)) return undefined;
    const kept = fileValueOf(catalog, field, held[fieldId]);
    return kept?.id === value.id ? kept : undefined;
  });
}

/**
 * The values of a task without a form, with every value shaped as a stored file that names
 * one of its process's files rebuilt from its row: no form says which values are files, but
 * a later form reading the variable must not find a made-up name or rows beside a real id.
 */
export async function withStoredFileValuesOfAnyKey(
  scope: FileScope,
  values: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const named = new Map<string, FileValue>();
  for (const [key, value] of Object.entries(values)) {
    if (isFileValue(value)) named.set(key, value);
  }
  return rebuild(scope, values, named);
}
