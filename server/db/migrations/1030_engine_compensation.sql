-- Compensation: each completion of an activity that carries a compensation boundary event is
-- a row here, so that a compensation throw in its scope can run the activity's handler once
-- per completion, the latest first. `seq` orders completions (several may share one
-- instant); `local_variables` keeps what the completed execution itself held (a
-- multi-instance item's element variable and loopCounter) for its handler. A row goes with
-- the scope it was completed in (a sub-process's row of executions), when it is compensated,
-- and when the instance ends.

create table process_compensations (
  seq bigint generated always as identity primary key,
  tenant text not null,
  instance_id text not null,
  -- The sub-process execution the activity completed in; null at the process level.
  scope_execution_id text references process_executions (id) on delete cascade,
  -- The completed activity (a multi-instance one once per item).
  element_id text not null,
  local_variables jsonb not null default '{}',
  completed_at timestamptz not null default now(),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade
);

create index process_compensations_scope_idx
  on process_compensations (tenant, instance_id, scope_execution_id);
