import type { Transaction } from 'kysely';
import { Privilege } from '../../../schemas/api/identityConstants';
import { DELETE_LINK_TYPE } from '../../../schemas/api/dataStoreProcessesConstants';
import { OBJECT_KEY_PATTERN, RECORD_ID_PATTERN } from '../../../schemas/api/recordsConstants';
import type { DatabaseSchema } from '../../db/schema';
import type { JsonValue, Variables } from '../expressions/expressionAst';
import type { ServiceHandler, ServiceHandlerRegistry } from '../ServiceHandlerRegistry';

/** The record a delete process was started on, as its `metaData` names it. */
interface DeletionTarget {
  readonly recordId: string;
  readonly key: string;
  readonly version: number;
}

const OBJECT_KEY = new RegExp(OBJECT_KEY_PATTERN);
const RECORD_ID = new RegExp(RECORD_ID_PATTERN);

/** Why a deletion did not happen, kept as `recordDeletionRefusal` for the instance's history. */
export const DeletionRefusal = {
  noRecord: 'noRecord',
  starterNotAllowed: 'starterNotAllowed',
  sameApprover: 'sameApprover',
} as const;

/**
 * The record of `metaData` (spec 001: business object id, link type DELETE, object
 * definition key and version), or null when the instance was started without one: from the
 * start drawer, say, or with a link type other than DELETE.
 */
function deletionTarget(metaData: JsonValue | undefined): DeletionTarget | null {
  if (typeof metaData !== 'object' || metaData === null || Array.isArray(metaData)) return null;
  const { businessObjectId, linkType, objectDefinitionKey, objectDefinitionVersion } = metaData;
  const version = Number(objectDefinitionVersion);
  if (
    linkType !== DELETE_LINK_TYPE ||
    typeof businessObjectId !== 'string' ||
    !RECORD_ID.test(businessObjectId) ||
    typeof objectDefinitionKey !== 'string' ||
    !OBJECT_KEY.test(objectDefinitionKey) ||
    !Number.isInteger(version) ||
    version < 1
  ) {
    return null;
  }
  return { recordId: businessObjectId, key: objectDefinitionKey, version };
}

/** Whether the instance's starter holds access-bo in the tenant: only they may delete records. */
async function starterMayDelete(
  db: Transaction<DatabaseSchema>,
  tenant: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('privileges')
    .where('tenant', '=', tenant)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.privileges.includes(Privilege.accessBo) ?? false;
}

function textOf(label: unknown): string {
  if (typeof label === 'string') return label;
  if (typeof label === 'object' && label !== null) {
    const values = Object.values(label as Record<string, unknown>);
    const english = (label as Record<string, unknown>).en;
    const found = typeof english === 'string' ? english : values.find((v) => typeof v === 'string');
    if (typeof found === 'string') return found;
  }
  return '';
}

/** The fields a record's title is read from, in order; the record id otherwise. */
const TITLE_FIELDS = ['fullName', 'name', 'title', 'label'];

/**
 * `recordDeletionSubject`: names the record for the approver's form (`recordId`,
 * `objectType`, `recordTitle`) from the tenant's own rows, so nothing the starter typed is
 * shown as the record. Sets `recordDeletable` false when the record is not found in the
 * tenant or the starter may not delete records; the process then ends without asking.
 */
export const recordDeletionSubject: ServiceHandler = async ({
  db,
  tenant,
  startedBy,
  variables,
}): Promise<Variables> => {
  const target = deletionTarget(variables.metaData);
  if (!target) return { recordDeletable: false, recordDeletionRefusal: DeletionRefusal.noRecord };
  const row = await db
    .selectFrom('object_records as record')
    .innerJoin('object_definitions as definition', (join) =>
      join
        .onRef('definition.tenant', '=', 'record.tenant')
        .onRef('definition.key', '=', 'record.key')
        .onRef('definition.version', '=', 'record.version'),
    )
    .select(['record.data', 'definition.label'])
    .where('record.tenant', '=', tenant)
    .where('record.id', '=', target.recordId)
    .where('record.key', '=', target.key)
    .where('record.version', '=', target.version)
    .executeTakeFirst();
  if (!row) return { recordDeletable: false, recordDeletionRefusal: DeletionRefusal.noRecord };
  const titleField = TITLE_FIELDS.find((field) => typeof row.data[field] === 'string');
  const subject: Variables = {
    recordId: target.recordId,
    objectType: textOf(row.label),
    recordTitle: titleField ? String(row.data[titleField]) : target.recordId,
  };
  if (!(await starterMayDelete(db, tenant, startedBy))) {
    return {
      ...subject,
      recordDeletable: false,
      recordDeletionRefusal: DeletionRefusal.starterNotAllowed,
    };
  }
  return { ...subject, recordDeletable: true };
};

/**
 * `deleteRecord`: deletes the record of `metaData` from the tenant's rows, after approval.
 * The `approvalTask` property names the approval's user task: whoever completed it must not
 * be the starter (four eyes), else the record stays and `recordDeletionRefusal` says why.
 * Sets `recordDeleted`. A record already gone is not an error: the outcome is the same.
 */
export const deleteRecord: ServiceHandler = async ({
  db,
  tenant,
  instanceId,
  startedBy,
  variables,
  properties,
}): Promise<Variables> => {
  const target = deletionTarget(variables.metaData);
  if (!target) return { recordDeleted: false, recordDeletionRefusal: DeletionRefusal.noRecord };
  if (!(await starterMayDelete(db, tenant, startedBy))) {
    return { recordDeleted: false, recordDeletionRefusal: DeletionRefusal.starterNotAllowed };
  }
  const approvalTask = properties.approvalTask;
  if (approvalTask) {
    const approval = await db
      .selectFrom('tasks')
      .select('completed_by')
      .where('tenant', '=', tenant)
      .where('instance_id', '=', instanceId)
      .where('element_id', '=', approvalTask)
      .where('state', '=', 'completed')
      .orderBy('completed_at', 'desc')
      .executeTakeFirst();
    if (!approval || approval.completed_by === startedBy) {
      return { recordDeleted: false, recordDeletionRefusal: DeletionRefusal.sameApprover };
    }
  }
  const deleted = await db
    .deleteFrom('object_records')
    .where('tenant', '=', tenant)
    .where('id', '=', target.recordId)
    .where('key', '=', target.key)
    .where('version', '=', target.version)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n
    ? { recordDeleted: true }
    : { recordDeleted: false, recordDeletionRefusal: DeletionRefusal.noRecord };
};

/**
 * Adds the record deletion handlers to a registry unless they are there already, so every
 * path that deploys the demo processes may call it.
 */
export function registerRecordDeletionHandlers(registry: ServiceHandlerRegistry): void {
  if (!registry.has('recordDeletionSubject')) {
    // The record's names are set whenever it is found, which `recordDeletable` true
    // implies: the approval that shows them runs only then. The refusal is set only on a
    // refusal, so it is no declared output.
    registry.register('recordDeletionSubject', recordDeletionSubject, {
      outputs: ['recordDeletable', 'recordId', 'objectType', 'recordTitle'],
    });
  }
  if (!registry.has('deleteRecord')) {
    registry.register('deleteRecord', deleteRecord, { outputs: ['recordDeleted'] });
  }
}
