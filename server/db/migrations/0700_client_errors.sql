-- Error reports of the browser app (spec 000 section 8). A report belongs to the tenant of
-- the Host it was sent to and names the signed-in user only by id; it holds no form value,
-- no email and no secret (scrubbed before it is stored). Each tenant keeps only its newest
-- reports, so a crash loop in many browsers cannot fill the database.

create table client_errors (
  id bigint generated always as identity primary key,
  tenant text not null references tenants (name) on delete cascade,
  -- Null for a report sent before sign-in (the login screen).
  user_id text,
  kind text not null check (kind in ('error', 'unhandledRejection', 'render', 'warning')),
  name text not null check (char_length(name) <= 200),
  message text not null check (char_length(message) between 1 and 1000),
  stack text not null check (char_length(stack) <= 8000),
  component_stack text not null check (char_length(component_stack) <= 8000),
  route text not null check (char_length(route) between 1 and 500),
  release text not null check (char_length(release) between 1 and 100),
  details jsonb not null default '{}',
  user_agent text not null check (char_length(user_agent) <= 300),
  created_at timestamptz not null default now()
);

-- A tenant's newest reports first (reading them, and trimming the older ones after each insert).
create index client_errors_tenant_idx on client_errors (tenant, id desc);
