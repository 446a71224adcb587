-- Deployment of processes by an administrator: who deployed each version (null for the
-- versions the installation seeds), whether a version is retired (new starts never take
-- it; its running instances finish on it), and the form versions each process version was
-- deployed with, so a running instance keeps showing its own version's forms after a later
-- deployment stores new versions of them.

alter table process_definitions add column deployed_by text;
alter table process_definitions add column retired_at timestamptz;
alter table process_definitions add column retired_by text;

-- "The latest live version of a key": what every new start takes.
create index process_definitions_live_idx on process_definitions (tenant, key, version desc)
  where retired_at is null;

create table process_definition_forms (
  tenant text not null,
  definition_id text not null,
  -- The formKey a task of the process names, or a form a combined task of it refers to.
  form_id text not null,
  form_version integer not null,
  primary key (tenant, definition_id, form_id),
  foreign key (tenant, definition_id) references process_definitions (tenant, id) on delete cascade,
  foreign key (tenant, form_id, form_version)
    references form_definitions (tenant, id, version) on delete cascade
);

-- Versions deployed before this migration keep the forms they show today: each form key
-- the model names (user tasks and the start event), pinned at its latest stored version.
insert into process_definition_forms (tenant, definition_id, form_id, form_version)
select d.tenant, d.id, f.id, max(f.version)
from process_definitions d
cross join lateral (
  select distinct value #>> '{}' as form_key
  from jsonb_path_query(d.model, 'strict $.**.formKey') as value
  where jsonb_typeof(value) = 'string'
  union
  select d.model ->> 'startFormKey'
) keys
join form_definitions f on f.tenant = d.tenant and f.id = keys.form_key
group by d.tenant, d.id, f.id;
