-- Analysis tab: the warning each back-office user accepted once per object definition before
-- seeing its embedded analysis report, the external identity a Tessera session signed in
-- with for that report, and the built-in identity provider's short-lived records (codes,
-- grants, interactions). Every row carries `tenant`; no query crosses tenants.

create table analysis_consents (
  tenant text not null,
  user_id text not null,
  object_key text not null check (object_key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  object_version integer not null check (object_version >= 1),
  consented_at timestamptz not null default now(),
  primary key (tenant, user_id, object_key, object_version),
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);

-- The external identity is bound to one Tessera session: it ends with it (cascade) and
-- never outlives its own expiry.
create table analysis_identities (
  session_id_hash text primary key references sessions (id_hash) on delete cascade,
  tenant text not null,
  email text not null check (char_length(email) between 3 and 320),
  issuer text not null,
  signed_in_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- The identity provider's storage (its adapter interface): one row per model and id.
create table idp_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);

create index idp_payloads_grant_idx on idp_payloads (grant_id) where grant_id is not null;
create index idp_payloads_uid_idx on idp_payloads (uid) where uid is not null;
create index idp_payloads_expiry_idx on idp_payloads (expires_at) where expires_at is not null;
