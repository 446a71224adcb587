-- A write sent with an `Idempotency-Key` header leaves its answer here, in the write's own
-- transaction: a retry of the same request by the same user with the same key gets that
-- answer again instead of doing the write twice. The key is the client's and only unique
-- for its tenant, user and route; the fingerprint is of the request (parameters and body),
-- so the key sent again with another request is refused. Rows expire after a day.
create table idempotency_keys (
  tenant text not null,
  user_id text not null,
  route text not null,
  key text not null,
  fingerprint text not null,
  status_code integer not null,
  body jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (tenant, user_id, route, key)
);

-- The sweep deletes expired rows oldest first.
create index idempotency_keys_expiry on idempotency_keys (expires_at);
