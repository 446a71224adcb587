-- Forms area: the form definitions tasks render, in the three formats the compiler reads
-- (plain Flowable form models, designer-built DSG- forms, CUT- combined tasks). A stored
-- version never changes; a changed definition is the next version of its id, so a
-- compiled form can be cached by (tenant, id, version) in any server process.

create table form_definitions (
  tenant text not null references tenants (name) on delete cascade,
  -- The formKey a BPMN user task names.
  id text not null check (char_length(id) between 1 and 200),
  kind text not null check (kind in ('plain', 'designer', 'combined')),
  version integer not null check (version >= 1),
  definition jsonb not null check (jsonb_typeof(definition) = 'object'),
  created_at timestamptz not null default now(),
  -- Also the index of "the latest version of an id" (read backwards) and of a tenant's list.
  primary key (tenant, id, version)
);
