import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { RecordAnswer, RecordFormPart } from '../../schemas/api/records';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { formRepositoryFor } from '../forms/formRepository';
import { localizedNameOf } from '../forms/storedForm';
import { requireObjectDefinition } from './objectDefinitions';

type RecordForm = RecordAnswer['result']['form'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The form a record opens in, from the definition's otherData: `cutFormId` (a combined
 * task, whose parts are shown one after the other) wins over `formId`. Null when it names
 * no stored form of the tenant, or a form of the other kind.
 */
async function recordForm(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  otherData: { formId?: string | undefined; cutFormId?: string | undefined },
): Promise<RecordForm> {
  const formId = otherData.cutFormId ?? otherData.formId;
  if (formId === undefined) return null;
  const compiled = await formRepositoryFor(db).compiled(tenant, formId);
  if (!compiled) return null;
  const { stored } = compiled;
  const wantsCombined = otherData.cutFormId !== undefined;
  if (wantsCombined !== (stored.kind === 'combined')) return null;
  if (stored.kind !== 'combined') {
    return {
      formId: stored.id,
      kind: stored.kind,
      parts: [{ formId: stored.id, kind: stored.kind, title: null, definition: stored.definition }],
    };
  }
  const items = Array.isArray(stored.definition.forms) ? stored.definition.forms : [];
  const parts = compiled.parts.flatMap((part, index): RecordFormPart[] => {
    if (!part.resolved) return [];
    const item: unknown = items[index];
    const ref = isRecord(item) && typeof item.ref === 'string' ? item.ref : undefined;
    const source = ref === undefined ? item : compiled.refs.get(ref)?.definition;
    if (!isRecord(source)) return [];
    return [
      {
        formId: part.formId,
        kind: part.kind === 'designer' ? 'designer' : 'plain',
        title: isRecord(item) ? localizedNameOf(item.title) : null,
        definition: source,
      },
    ];
  });
  return { formId: stored.id, kind: 'combined', parts };
}

/**
 * One record of an object of the tenant with the form it opens in (spec 001 section 7,
 * `objectReportDetail/{id}`): 404 for an unknown object or record, or one of another
 * tenant or object.
 */
export async function loadRecord(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  params: { key: string; version: number; recordId: string },
): Promise<RecordAnswer['result']> {
  const definition = await requireObjectDefinition(db, tenant, params.key, params.version);
  const row = await db
    .selectFrom('object_records')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', params.recordId)
    .where('key', '=', params.key)
    .where('version', '=', params.version)
    .executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCode.notFound, 'No such record.');
  return {
    record: {
      id: row.id,
      key: row.key,
      version: row.version,
      dataVersion: row.data_version,
      created: row.created_at.toISOString(),
      updated: row.updated_at.toISOString(),
      data: row.data,
    },
    form: await recordForm(db, tenant, definition.otherData),
  };
}
