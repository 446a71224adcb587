-- Processes linked to an object definition by what they do to its records (spec 001:
-- "Delete-process item"), so the record page's Delete menu lists the processes that may
-- delete a record of that object. A link names a process key, not a definition id: a newer
-- deployment of the process is what gets started, without relinking.

create table object_definition_processes (
  tenant text not null,
  object_key text not null,
  object_version integer not null,
  -- What the process does to the record; only deletion exists so far.
  type text not null check (type in ('DELETE')),
  process_key text not null check (char_length(process_key) between 1 and 200),
  -- The menu entry: a string, or a per-locale map (`{"en": "Delete customer"}`).
  label jsonb not null,
  -- Where the entry shows in the menu, smallest first.
  position integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (tenant, object_key, object_version, type, process_key),
  foreign key (tenant, object_key, object_version)
    references object_definitions (tenant, key, version) on delete cascade
);
