-- The engine runs sub-processes, multi-instance activities, call activities, timers and
-- messages. Tokens gain a scope (the execution they run inside) and local variables (a
-- multi-instance item and counters); a scope execution waits for its children. Timers are
-- rows with a due time that any server process may fire, once; message waits are rows a
-- correlated message finds by name.

alter table process_executions drop constraint process_executions_state_check;
alter table process_executions
  add constraint process_executions_state_check
  check (state in ('active', 'waiting', 'scope', 'multiInstance'));
-- No foreign key: scopes and their children are removed together by the engine.
alter table process_executions add column parent_id text;
alter table process_executions add column local_variables jsonb not null default '{}';
create index process_executions_parent_idx on process_executions (tenant, parent_id)
  where parent_id is not null;

-- A called instance points at the call activity's token that waits for it.
alter table process_instances add column parent_instance_id text;
alter table process_instances add column parent_execution_id text;
create index process_instances_parent_idx on process_instances (tenant, parent_instance_id)
  where parent_instance_id is not null;

-- A task whose activity was interrupted (a boundary event, a terminate end event, a
-- multi-instance completion condition) is cancelled, kept for the record.
alter table tasks drop constraint tasks_state_check;
alter table tasks
  add constraint tasks_state_check check (state in ('open', 'completed', 'cancelled'));

create table process_jobs (
  id text primary key,
  tenant text not null,
  instance_id text not null,
  -- The token waiting at a catch event, or the activity's token for a boundary timer.
  execution_id text not null,
  -- The timer event (intermediate catch or boundary).
  element_id text not null,
  due_at timestamptz not null,
  -- A cycle's remaining repeats after this one (-1 for ever) and its ISO period.
  repeat_remaining integer,
  repeat_every text,
  created_at timestamptz not null default now(),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade
);

-- The scheduler takes due jobs oldest first across tenants.
create index process_jobs_due_idx on process_jobs (due_at);
create index process_jobs_execution_idx on process_jobs (tenant, execution_id);

create table process_event_subscriptions (
  id text primary key,
  tenant text not null,
  instance_id text not null,
  execution_id text not null,
  element_id text not null,
  event_type text not null check (event_type in ('message')),
  event_name text not null,
  created_at timestamptz not null default now(),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade
);

create index process_event_subscriptions_name_idx
  on process_event_subscriptions (tenant, event_type, event_name, created_at);
create index process_event_subscriptions_execution_idx
  on process_event_subscriptions (tenant, execution_id);
