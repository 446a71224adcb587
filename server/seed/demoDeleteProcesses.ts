import type { Kysely } from 'kysely';
import { DataStoreProcessType } from '../../schemas/api/dataStoreProcessesConstants';
import type { DatabaseSchema } from '../db/schema';
import { linkDataStoreProcess } from '../records/dataStoreProcesses';

/** The process key of `fixtures/processes/customer-record-deletion.bpmn`. */
export const CUSTOMER_DELETION_PROCESS_KEY = 'customerRecordDeletion';

/** The Delete menu's entry for the demo deletion process. */
export const CUSTOMER_DELETION_LABEL = {
  en: 'Delete customer (supervisor approval)',
  es: 'Eliminar cliente (aprobación del supervisor)',
  fr: 'Supprimer le client (validation du superviseur)',
} as const;

/**
 * Links the demo deletion process to every tenant's customers object, so a customer
 * record's Delete menu offers it. Objects that do not exist yet are skipped; a link that
 * exists is relabelled, so this is safe on every start.
 */
export async function linkDemoDeleteProcesses(db: Kysely<DatabaseSchema>): Promise<void> {
  const customers = await db
    .selectFrom('object_definitions')
    .select(['tenant', 'version'])
    .where('key', '=', 'customers')
    .execute();
  for (const { tenant, version } of customers) {
    await linkDataStoreProcess(db, tenant, {
      objectKey: 'customers',
      objectVersion: version,
      type: DataStoreProcessType.delete,
      processKey: CUSTOMER_DELETION_PROCESS_KEY,
      label: CUSTOMER_DELETION_LABEL,
    });
  }
}
