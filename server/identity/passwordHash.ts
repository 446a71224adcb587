import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters; stored inside every hash so they can change without a migration. */
export interface ScryptParams {
  /** log2 of N, the CPU/memory cost. */
  log2N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

/**
 * OWASP's scrypt row "N=2^15, r=8, p=3": 32 MiB per hash (128 * N * r bytes), a few hundred
 * milliseconds of CPU, which makes guessing offline expensive but keeps a sign-in quick.
 */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { log2N: 15, r: 8, p: 3 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.log2N,
    r: params.r,
    p: params.p,
    // Node refuses above 32 MiB by default; allow the configured cost with headroom.
    maxmem: 2 * 128 * 2 ** params.log2N * params.r,
  };
  return new Promise((resolve, reject) => {
    // The async form runs on libuv's pool, so hashing never blocks other requests.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh salt: `scrypt$log2N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return [
    PREFIX,
    params.log2N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (!log2N || !r || !p || log2N > 22 || r > 32 || p > 16) return undefined;
  return {
    params: { log2N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    key: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

/** True when `password` matches `stored`; an unreadable hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made with weaker parameters than `params` (rehash at sign-in). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return (
    parsed.params.log2N < params.log2N || parsed.params.r < params.r || parsed.params.p < params.p
  );
}
