-- Identity: tenants, staff, groups, sessions, sign-in throttling, reset codes, mail outbox.
-- Every tenant-owned row carries `tenant`, and foreign keys include it, so a row can never
-- point at another tenant's row.

create table tenants (
  name text primary key check (name ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  display_name text not null,
  base_url text,
  maintenance boolean not null default false,
  password_policy jsonb not null,
  created_at timestamptz not null default now()
);

create table system_flags (
  name text primary key,
  enabled boolean not null default false,
  updated_at timestamptz not null default now()
);

insert into system_flags (name, enabled) values ('maintenance', false);

create table users (
  id text primary key,
  tenant text not null references tenants (name) on delete cascade,
  email text not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  must_change_password boolean not null default false,
  privileges text[] not null default '{}',
  manager_id text,
  locale text,
  created_at timestamptz not null default now(),
  -- Lets other tables reference (tenant, user) so the pair must match.
  unique (tenant, id),
  foreign key (tenant, manager_id) references users (tenant, id) on delete set null (manager_id)
);

-- Sign-in looks users up by email, case-insensitively, within one tenant.
create unique index users_tenant_email_key on users (tenant, lower(email));
-- Team queries: the subordinates of a supervisor.
create index users_tenant_manager_idx on users (tenant, manager_id) where manager_id is not null;

create table groups (
  tenant text not null references tenants (name) on delete cascade,
  id text not null,
  name text not null,
  primary key (tenant, id)
);

create table group_members (
  tenant text not null,
  group_id text not null,
  user_id text not null,
  primary key (tenant, group_id, user_id),
  foreign key (tenant, group_id) references groups (tenant, id) on delete cascade,
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);

-- The groups of one user (account, candidate tasks).
create index group_members_tenant_user_idx on group_members (tenant, user_id);

create table sessions (
  id_hash text primary key,
  tenant text not null,
  user_id text not null,
  kind text not null check (kind in ('full', 'password-change')),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);

-- Revoking every session of a user after a password change or reset.
create index sessions_tenant_user_idx on sessions (tenant, user_id);

create table login_failures (
  id bigint generated always as identity primary key,
  tenant text not null references tenants (name) on delete cascade,
  email text not null,
  ip text not null,
  at timestamptz not null default now()
);

-- Both throttles count recent failures: per email and IP (burst), per email (soft lock).
create index login_failures_email_idx on login_failures (tenant, email, at);
create index login_failures_email_ip_idx on login_failures (tenant, email, ip, at);

create table password_resets (
  code_hash text primary key,
  tenant text not null,
  user_id text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);

create index password_resets_tenant_user_idx on password_resets (tenant, user_id);

create table mail_outbox (
  id bigint generated always as identity primary key,
  tenant text not null references tenants (name) on delete cascade,
  to_address text not null,
  subject text not null,
  text text not null,
  html text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_tenant_created_idx on mail_outbox (tenant, created_at desc);

create table user_settings (
  tenant text not null,
  user_id text not null,
  settings jsonb not null default '{}',
  updated_at timestamptz not null default now(),
  primary key (tenant, user_id),
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);
