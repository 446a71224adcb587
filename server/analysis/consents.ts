import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** Who consents to what: a user of a tenant, for one object definition's version. */
export interface ConsentSubject {
  tenant: string;
  userId: string;
  key: string;
  version: number;
}

/** Whether the user has accepted the analysis warning for this object definition. */
export async function hasAnalysisConsent(
  db: Kysely<DatabaseSchema>,
  subject: ConsentSubject,
): Promise<boolean> {
  const row = await db
    .selectFrom('analysis_consents')
    .select('consented_at')
    .where('tenant', '=', subject.tenant)
    .where('user_id', '=', subject.userId)
    .where('object_key', '=', subject.key)
    .where('object_version', '=', subject.version)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the consent; accepting twice keeps the first time. */
export async function recordAnalysisConsent(
  db: Kysely<DatabaseSchema>,
  subject: ConsentSubject,
): Promise<void> {
  await db
    .insertInto('analysis_consents')
    .values({
      tenant: subject.tenant,
      user_id: subject.userId,
      object_key: subject.key,
      object_version: subject.version,
    })
    .onConflict((conflict) =>
      conflict.columns(['tenant', 'user_id', 'object_key', 'object_version']).doNothing(),
    )
    .execute();
}
