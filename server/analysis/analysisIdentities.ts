import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** How long an external sign-in lasts at most; it also ends with the Tessera session. */
export const ANALYSIS_IDENTITY_MINUTES = 60;

/** The external account a session signed in with. */
export interface AnalysisIdentity {
  email: string;
  issuer: string;
}

/** Keeps the external identity for this session, replacing an earlier one. */
export async function keepAnalysisIdentity(
  db: Kysely<DatabaseSchema>,
  session: { idHash: string; tenant: string },
  identity: AnalysisIdentity,
): Promise<void> {
  const expiresAt = new Date(Date.now() + ANALYSIS_IDENTITY_MINUTES * 60_000);
  await db
    .insertInto('analysis_identities')
    .values({
      session_id_hash: session.idHash,
      tenant: session.tenant,
      email: identity.email,
      issuer: identity.issuer,
      expires_at: expiresAt,
    })
    .onConflict((conflict) =>
      conflict.column('session_id_hash').doUpdateSet({
        email: identity.email,
        issuer: identity.issuer,
        signed_in_at: new Date(),
        expires_at: expiresAt,
      }),
    )
    .execute();
}

/** The session's live external identity, or null when it has none or it expired. */
export async function findAnalysisIdentity(
  db: Kysely<DatabaseSchema>,
  session: { idHash: string; tenant: string },
): Promise<AnalysisIdentity | null> {
  const row = await db
    .selectFrom('analysis_identities')
    .select(['email', 'issuer'])
    .where('session_id_hash', '=', session.idHash)
    .where('tenant', '=', session.tenant)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ?? null;
}
