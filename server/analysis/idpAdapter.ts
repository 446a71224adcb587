import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** What the identity provider stores per model: its own JSON, with a few looked-up fields. */
type Payload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

/**
 * The identity provider's storage in the database rather than in process memory, so any
 * server process behind the load balancer can finish a sign-in another one started.
 * Expired rows are ignored when read and removed on the next write of the same model.
 */
export function idpAdapterClass(db: Kysely<DatabaseSchema>) {
  return class DatabaseIdpAdapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
      };
      await db
        .insertInto('idp_payloads')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
      await db
        .deleteFrom('idp_payloads')
        .where('model', '=', this.model)
        .where('expires_at', '<', new Date())
        .execute();
    }

    private async findWhere(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<Payload | undefined> {
      const row = await db
        .selectFrom('idp_payloads')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at.getTime() < Date.now())) return undefined;
      const payload = row.payload as Payload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    }

    find(id: string): Promise<Payload | undefined> {
      return this.findWhere('id', id);
    }

    findByUid(uid: string): Promise<Payload | undefined> {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string): Promise<Payload | undefined> {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('idp_payloads')
        .set({ consumed_at: new Date() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('idp_payloads')
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('idp_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}
