import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Transaction, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine } from '../engine';
import { AppError } from '../errors';

/** The request header a client names one action with (IETF httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The answer header that says the body is the recorded answer of an earlier request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Longest key: a UUID is 36 characters; room for a client's own prefix or scheme. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/** How long an answer is kept for a retry: longer than any client keeps retrying one action. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** Printable ASCII without spaces: what every HTTP stack passes through unchanged. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** Where an idempotent write runs: the database (or its transaction) and the engine over it. */
export interface WriteScope {
  db: Kysely<DatabaseSchema>;
  engine: ProcessEngine;
}

/**
 * The request's `Idempotency-Key`, checked: undefined when absent; a 400 when it is sent
 * twice, empty, longer than {@link IDEMPOTENCY_KEY_MAX_LENGTH} or not printable ASCII.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  // The draft's header is an sf-string ("..."); a bare token is accepted as well.
  const value = typeof raw === 'string' ? raw.replace(/^"(.*)"$/, '$1') : undefined;
  if (
    value === undefined ||
    value.length === 0 ||
    value.length > IDEMPOTENCY_KEY_MAX_LENGTH ||
    !KEY_PATTERN.test(value)
  ) {
    throw new AppError(
      400,
      ErrorCode.idempotencyKeyInvalid,
      `The Idempotency-Key header must be one value of 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters without spaces.`,
      {
        details: [
          {
            path: `headers.${IDEMPOTENCY_KEY_HEADER}`,
            code: 'pattern',
            params: { limit: IDEMPOTENCY_KEY_MAX_LENGTH },
          },
        ],
      },
    );
  }
  return value;
}

/** JSON with object keys sorted, so two encodings of one body hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests under one key the same request: the path's values and the body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(canonicalJson({ params: request.params ?? {}, body: request.body ?? null }))
    .digest('hex');
}

/**
 * Runs `work` at most once per `Idempotency-Key` of this tenant, user and route.
 *
 * 1. No key: `work` runs as any write does, over the app's database and engine.
 * 2. Otherwise one transaction: the key's row is inserted first (the row of a request still
 *    running under the same key makes this insert wait until that one commits or rolls back).
 * 3. A row already there and unexpired: the same request gets the recorded status and body,
 *    with `Idempotent-Replayed: true`, and nothing runs; another request gets a 422.
 * 4. A new key: `work` runs inside the transaction, and its answer is written into the row
 *    before the commit, so an acknowledged write and its record are both stored or neither
 *    is. A refusal (any error) rolls both back: nothing was written, and a retry is judged
 *    afresh.
 */
export async function idempotentWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: WriteScope,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return work(scope);
  const actor = request.actor;
  const owner = {
    tenant: actor.tenant,
    user_id: actor.userId,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    key,
  };
  const fingerprint = fingerprintOf(request);
  const root = scope.db;
  if (root instanceof Transaction) {
    throw new Error('idempotentWrite opens its own transaction; call it with the database');
  }
  return root.transaction().execute(async (trx) => {
    // 2. A row left from a day ago is gone before the key is taken again.
    await trx
      .deleteFrom('idempotency_keys')
      .where('tenant', '=', owner.tenant)
      .where('user_id', '=', owner.user_id)
      .where('route', '=', owner.route)
      .where('key', '=', owner.key)
      .where('expires_at', '<=', new Date())
      .execute();
    const claimed = await trx
      .insertInto('idempotency_keys')
      .values({
        ...owner,
        fingerprint,
        // Written for real below, before the commit; nobody reads the row until then.
        status_code: 0,
        body: 'null',
        expires_at: new Date(Date.now() + IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed === undefined) {
      // 3. Answered before (the request that held the key has committed).
      const recorded = await trx
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'status_code', 'body'])
        .where('tenant', '=', owner.tenant)
        .where('user_id', '=', owner.user_id)
        .where('route', '=', owner.route)
        .where('key', '=', owner.key)
        .executeTakeFirstOrThrow();
      if (recorded.fingerprint !== fingerprint) {
        throw new AppError(
          422,
          ErrorCode.idempotencyKeyReused,
          'This Idempotency-Key was already used for a different request.',
        );
      }
      reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      reply.code(recorded.status_code);
      return recorded.body as T;
    }
    // 4. The write and its answer, one commit.
    const answer = await work({ db: trx, engine: scope.engine.joining(trx) });
    await trx
      .updateTable('idempotency_keys')
      .set({ status_code: reply.statusCode, body: JSON.stringify(answer ?? null) })
      .where('tenant', '=', owner.tenant)
      .where('user_id', '=', owner.user_id)
      .where('route', '=', owner.route)
      .where('key', '=', owner.key)
      .execute();
    return answer;
  });
}

/** Deletes the answers whose day is over; the number deleted. */
export async function sweepIdempotencyKeys(
  db: Kysely<DatabaseSchema>,
  now = new Date(),
): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
