import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../server/db/schema';
import { seedDemoRecords } from '../../server/seed/demoRecords';

/**
 * The demo's business-object records, and access-bo for the acme officer too, so that a
 * test sees the tenant fence, not a missing privilege, stop her at another tenant's records.
 */
export async function seedRecordsForTenants(db: Kysely<DatabaseSchema>): Promise<void> {
  await seedDemoRecords(db);
  await db
    .updateTable('users')
    .set({ privileges: ['access-task', 'access-bo'] })
    .where('id', '=', 'acme-asouza')
    .execute();
}
