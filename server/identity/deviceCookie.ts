import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { IdentityPath } from '../../schemas/api/identity';
import type { DatabaseSchema } from '../db/schema';

/** The device cookie's name. */
export const DEVICE_COOKIE = 'tessera_device';

/** How long a browser stays trusted after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;

/** Accounts one browser is remembered for (a shared front-desk machine); the newest win. */
const MAX_ACCOUNTS = 4;

/** Longer values are not ours: ignored before any parsing. */
const MAX_COOKIE_LENGTH = 1024;

const KEY_NAME = 'device-cookie';

/** One entry of the cookie: `issuedAt.device.mac`, seconds and base64url. */
const ENTRY = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** `server_keys` is only read here, so it is typed here. */
interface ServerKeysTable {
  name: string;
  secret: string;
}

/** A device cookie entry that verified for an account: its random id and when it was issued. */
export interface TrustedDevice {
  device: string;
  issuedAt: number;
}

/**
 * The key device cookies are signed with: one row of `server_keys`, made by whichever server
 * process needs it first (the insert that loses the race does nothing), so every process
 * signs and checks alike and a restart keeps browsers trusted.
 */
export async function loadDeviceCookieKey(db: Kysely<DatabaseSchema>): Promise<Buffer> {
  const keys = db.withTables<{ server_keys: ServerKeysTable }>();
  await keys
    .insertInto('server_keys')
    .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await keys
    .selectFrom('server_keys')
    .select('secret')
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

/** The MAC binds the entry to the tenant and the account, so it is worth nothing elsewhere. */
function mac(key: Buffer, tenant: string, email: string, issuedAt: number, device: string): string {
  return createHmac('sha256', key)
    .update(['tessera-device-v1', tenant, email, String(issuedAt), device].join('\n'))
    .digest('base64url');
}

function entries(request: FastifyRequest): string[] {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw || raw.length > MAX_COOKIE_LENGTH) return [];
  return raw.split('~').slice(0, MAX_ACCOUNTS);
}

/** A well-formed entry within its lifetime (whichever account it is for). */
function current(entry: string, nowSeconds: number): boolean {
  const issuedAt = Number(ENTRY.exec(entry)?.[1] ?? Number.NaN);
  // A little slack for the clocks of several processes that disagree.
  return issuedAt <= nowSeconds + 300 && nowSeconds - issuedAt <= DEVICE_COOKIE_DAYS * 86_400;
}

function verify(
  entry: string,
  key: Buffer,
  tenant: string,
  email: string,
  nowSeconds: number,
): TrustedDevice | undefined {
  const parts = ENTRY.exec(entry);
  if (!parts || !current(entry, nowSeconds)) return undefined;
  const issuedAt = Number(parts[1]);
  const device = parts[2] ?? '';
  const expected = Buffer.from(mac(key, tenant, email, issuedAt, device), 'base64url');
  const given = Buffer.from(parts[3] ?? '', 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { device, issuedAt }
    : undefined;
}

/** The device of the request's cookie that this browser got when it signed in to `email`. */
export function trustedDevice(
  request: FastifyRequest,
  key: Buffer,
  tenant: string,
  email: string,
  now: Date = new Date(),
): TrustedDevice | undefined {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (const entry of entries(request)) {
    const trusted = verify(entry, key, tenant, email, nowSeconds);
    if (trusted) return trusted;
  }
  return undefined;
}

/**
 * Gives the browser a fresh device entry for `email` after a successful sign-in, in front of
 * those it holds for other accounts (its old one for `email` is dropped). HttpOnly, SameSite
 * Strict, sent only to the sign-in call, and kept for `DEVICE_COOKIE_DAYS`: it is no session
 * and signs nobody in, it only lets this browser's sign-ins skip the per-address limits.
 */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  tenant: string,
  email: string,
  now: Date = new Date(),
): void {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const device = randomBytes(16).toString('base64url');
  const fresh = `${nowSeconds}.${device}.${mac(key, tenant, email, nowSeconds, device)}`;
  // Other accounts' entries cannot be told apart without their email; they are only aged.
  const kept = entries(request).filter(
    (entry) => current(entry, nowSeconds) && !verify(entry, key, tenant, email, nowSeconds),
  );
  reply.setCookie(DEVICE_COOKIE, [fresh, ...kept].slice(0, MAX_ACCOUNTS).join('~'), {
    httpOnly: true,
    sameSite: 'strict',
    path: IdentityPath.login,
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
