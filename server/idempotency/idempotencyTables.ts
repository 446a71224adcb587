import type { ColumnType } from 'kysely';

/** `idempotency_keys`: the recorded answer of one write sent with an `Idempotency-Key`. */
export interface IdempotencyKeysTable {
  tenant: string;
  user_id: string;
  /** Method and route pattern, e.g. `POST /api/task/comments`. */
  route: string;
  key: string;
  /** SHA-256 of the request's parameters and body. */
  fingerprint: string;
  status_code: number;
  /** The answer's body, replayed through the route's response schema. */
  body: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** The idempotency area's tables, merged into the server's DatabaseSchema. */
export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
