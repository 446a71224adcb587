-- The file store behind pictures, signatures, spreadsheets and document uploads, and the
-- webhook targets a tenant allows its forms to call. Every row carries `tenant`, and foreign
-- keys include it, so a file cannot belong to another tenant's task even by mistake.

create table files (
  -- A uuid made by the server; form values keep it (spec 001: picture ids are uuids).
  id uuid primary key,
  tenant text not null,
  instance_id text not null,
  task_id text not null,
  kind text not null check (kind in ('picture', 'signature', 'spreadsheet', 'document')),
  -- The name the browser gave, cleaned; the answer's download name.
  file_name text not null check (char_length(file_name) between 1 and 255),
  -- The type found in the content's magic bytes, never the declared one.
  media_type text not null,
  byte_size integer not null check (byte_size >= 0),
  -- What the content holds beyond its bytes: a spreadsheet's first rows and counts.
  summary jsonb,
  uploaded_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant, id),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade,
  foreign key (tenant, task_id) references tasks (tenant, id) on delete cascade
);

-- A task's files (the form checks, the clean-up's look-up of a task's saved values).
create index files_task_idx on files (tenant, task_id);
-- The clean-up of uploads nobody kept: oldest first.
create index files_updated_idx on files (updated_at);

-- The content of each file, when the database is the store (the default). Kept apart from
-- the metadata so listing or checking files never reads their bytes.
create table file_contents (
  file_id uuid primary key,
  tenant text not null,
  content bytea not null,
  foreign key (tenant, file_id) references files (tenant, id) on delete cascade
);

-- The webhook targets a tenant's forms may call, by name. The server calls only these: a
-- request names a target, never a URL.
create table webhook_targets (
  tenant text not null references tenants (name) on delete cascade,
  name text not null check (name ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$'),
  -- An http(s) URL; `{self}` at its start stands for this server's own address.
  url text not null,
  timeout_ms integer not null default 5000 check (timeout_ms between 100 and 30000),
  -- Extra request headers (an API key of the target), never sent back to a browser.
  headers jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (tenant, name)
);
