-- Integration clients: the outside systems a tenant's administrator lets call the
-- integration API (a document scanner telling a case that papers arrived, a worker doing a
-- step outside the server). Each holds a secret shown once at creation; only its SHA-256
-- is kept, and each may do only what its scopes name.

create table integration_clients (
  tenant text not null,
  id text not null,
  name text not null,
  scopes text[] not null,
  secret_hash text not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by text,
  last_used_at timestamptz,
  primary key (tenant, id)
);
