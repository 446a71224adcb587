-- Workflow engine: deployed BPMN definitions, running instances, their tokens, user tasks,
-- task candidates and an append-only history. Every row carries `tenant`, and foreign keys
-- include it, so no row can point at another tenant's row.

create table process_definitions (
  id text primary key,
  tenant text not null references tenants (name) on delete cascade,
  key text not null,
  name text not null,
  version integer not null check (version > 0),
  category text not null default '',
  description text,
  xml text not null,
  model jsonb not null,
  deployed_at timestamptz not null default now(),
  -- Also serves "latest version of each key" for the start-process list.
  unique (tenant, key, version),
  unique (tenant, id)
);

create table process_instances (
  id text primary key,
  tenant text not null,
  definition_id text not null,
  name text not null,
  business_key text,
  started_by text not null,
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  variables jsonb not null default '{}',
  -- Bumped on every change of the instance, so a stale writer can be detected.
  version integer not null default 0,
  unique (tenant, id),
  foreign key (tenant, definition_id) references process_definitions (tenant, id) on delete cascade
);

-- "Started by me" and the initiator-can-complete candidate tasks.
create index process_instances_started_by_idx on process_instances (tenant, started_by, started_at desc);
create index process_instances_definition_idx on process_instances (tenant, definition_id);
create index process_instances_business_key_idx on process_instances (tenant, business_key)
  where business_key is not null;

-- Tokens: one row per active path. A token waits at a parallel join until one has
-- arrived over each incoming flow.
create table process_executions (
  id text primary key,
  tenant text not null,
  instance_id text not null,
  element_id text not null,
  state text not null check (state in ('active', 'waiting')),
  arrived_via text,
  created_at timestamptz not null default now(),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade
);

create index process_executions_instance_idx on process_executions (tenant, instance_id, element_id);

create table tasks (
  id text primary key,
  tenant text not null,
  instance_id text not null,
  definition_id text not null,
  -- No foreign key: the token row goes away when the token moves on, the task stays.
  execution_id text,
  element_id text not null,
  name text not null,
  form_key text,
  assignee text,
  created_at timestamptz not null default now(),
  due_date timestamptz,
  state text not null default 'open' check (state in ('open', 'completed')),
  completed_at timestamptz,
  completed_by text,
  outcome text,
  variables jsonb not null default '{}',
  initiator_can_complete boolean not null default false,
  seen_by_assignee boolean not null default false,
  priority integer not null default 50,
  unique (tenant, id),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade,
  check ((state = 'completed') = (completed_at is not null))
);

-- Assigned list (one assignee) and team list (the team's assignees), open first, by due date.
create index tasks_assignee_idx on tasks (tenant, assignee, state, due_date)
  where assignee is not null;
-- The tasks of one instance (task page, instance detail, initiator candidates).
create index tasks_instance_idx on tasks (tenant, instance_id, state);
-- The unassigned pool, by due date.
create index tasks_unassigned_idx on tasks (tenant, due_date)
  where state = 'open' and assignee is null;

-- Who may claim an open task. Rows are removed when the task completes, so the candidate
-- lists walk only live rows through the principal index.
create table task_candidates (
  tenant text not null,
  task_id text not null,
  kind text not null check (kind in ('user', 'group')),
  principal text not null,
  primary key (tenant, task_id, kind, principal),
  foreign key (tenant, task_id) references tasks (tenant, id) on delete cascade
);

create index task_candidates_principal_idx on task_candidates (tenant, kind, principal, task_id);

create table process_history (
  id bigint generated always as identity primary key,
  tenant text not null,
  instance_id text not null,
  task_id text,
  event text not null,
  actor text,
  at timestamptz not null default now(),
  payload jsonb not null default '{}',
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade
);

create index process_history_instance_idx on process_history (tenant, instance_id, at);
create index process_history_task_idx on process_history (tenant, task_id, at)
  where task_id is not null;
