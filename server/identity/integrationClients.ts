import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { IntegrationClient } from '../../schemas/api/integration';
import type { IntegrationClientsTable } from '../db/identityTables';
import type { DatabaseSchema } from '../db/schema';

/** An integration client as a request sees it once its token checked out. */
export interface RequestClient {
  readonly tenant: string;
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly string[];
}

/** Client ids: `ic_` and 20 hex digits, so a token's id part is easy to tell and to bound. */
const CLIENT_ID = /^ic_[0-9a-f]{20}$/;
/** A secret: 32 random bytes in base64url (43 characters). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** `last_used_at` is written at most this often, so a busy worker costs one write a minute. */
const TOUCH_INTERVAL_MS = 60_000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A client row with its maker's name, as {@link clientsOf} reads it. */
type ClientRow = Selectable<IntegrationClientsTable> & {
  first_name: string | null;
  last_name: string | null;
};

function toClient(row: ClientRow): IntegrationClient {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdBy: row.created_by,
    createdByName:
      row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * The tenant's clients with the name of whoever made each (the screen names people, as the
 * Processes list does, rather than showing a user id), newest first.
 */
function clientsOf(db: Kysely<DatabaseSchema>, tenant: string) {
  return db
    .selectFrom('integration_clients as c')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'c.created_by').onRef('u.tenant', '=', 'c.tenant'),
    )
    .selectAll('c')
    .select(['u.first_name', 'u.last_name'])
    .where('c.tenant', '=', tenant)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id');
}

/** One client of the tenant with its maker's name; undefined when there is none. */
function clientById(db: Kysely<DatabaseSchema>, tenant: string, id: string) {
  return clientsOf(db, tenant).where('c.id', '=', id).executeTakeFirst();
}

/**
 * Makes a client of the tenant and answers its bearer token, `<id>.<secret>`: the only time
 * the secret exists outside the caller, since only its SHA-256 is stored.
 */
export async function createIntegrationClient(
  db: Kysely<DatabaseSchema>,
  input: { tenant: string; name: string; scopes: readonly string[]; createdBy: string },
): Promise<{ client: IntegrationClient; token: string }> {
  const id = `ic_${randomBytes(10).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('integration_clients')
    .values({
      tenant: input.tenant,
      id,
      name: input.name.trim(),
      scopes: [...input.scopes],
      secret_hash: sha256(secret).toString('hex'),
      created_by: input.createdBy,
    })
    .execute();
  const row = await clientById(db, input.tenant, id);
  if (row === undefined) throw new Error('The integration client just made was not found.');
  return { client: toClient(row), token: `${id}.${secret}` };
}

/** Every client of the tenant, newest first, revoked ones included (the audit needs them). */
export async function listIntegrationClients(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<IntegrationClient[]> {
  const rows = await clientsOf(db, tenant).execute();
  return rows.map(toClient);
}

/** Revokes a client of the tenant (once; a second revoke keeps the first's time); null when none. */
export async function revokeIntegrationClient(
  db: Kysely<DatabaseSchema>,
  input: { tenant: string; id: string; revokedBy: string; now: Date },
): Promise<IntegrationClient | null> {
  await db
    .updateTable('integration_clients')
    .set({ revoked_at: input.now, revoked_by: input.revokedBy })
    .where('tenant', '=', input.tenant)
    .where('id', '=', input.id)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await clientById(db, input.tenant, input.id);
  return row === undefined ? null : toClient(row);
}

/**
 * The live client a bearer token names within the tenant, or null: an unknown, revoked or
 * other tenant's client and a wrong secret all answer null alike. The secret's hash is
 * compared in constant time.
 */
export async function findIntegrationClient(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  token: string,
  now: Date,
): Promise<RequestClient | null> {
  const dot = token.indexOf('.');
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !CLIENT_ID.test(id) || !SECRET.test(secret)) return null;
  const row = await db
    .selectFrom('integration_clients')
    .select(['id', 'name', 'scopes', 'secret_hash', 'last_used_at'])
    .where('tenant', '=', tenant)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return null;
  const stored = Buffer.from(row.secret_hash, 'hex');
  const given = sha256(secret);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('integration_clients')
      .set({ last_used_at: now })
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .execute();
  }
  return { tenant, id: row.id, name: row.name, scopes: row.scopes };
}
