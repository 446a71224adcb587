-- External tasks: a service task of `type="external"` (Camunda) or `"external-worker"`
-- (Flowable) is work done by a worker outside the server. The token waits at it while the
-- task is a row here: workers fetch rows by topic and lock them for a while, then complete
-- them (the token moves on and the row goes) or report a failure. A row goes with its token
-- when the instance is withdrawn or ended, or an interrupting event leaves its scope.

create table process_external_tasks (
  id text primary key,
  tenant text not null,
  instance_id text not null,
  -- The token waiting at the service task (one item's token for a multi-instance one).
  execution_id text not null,
  -- The service task.
  element_id text not null,
  topic text not null check (char_length(topic) between 1 and 100),
  -- The worker holding the lock; null while nobody does.
  worker_id text check (char_length(worker_id) between 1 and 100),
  -- Until when nobody else may fetch the task: the lock of `worker_id`, or after a failure
  -- (no worker) the end of its retry timeout. Null or past: it may be fetched.
  lock_expires_at timestamptz,
  -- Attempts left as a worker last reported them; null until a first failure. At 0 the task
  -- is an incident: it is not fetched until someone sets its retries again.
  retries integer check (retries between 0 and 100),
  -- The last failure's message, cut to a bound so a worker cannot bloat the row.
  error_message text check (char_length(error_message) <= 2000),
  created_at timestamptz not null default now(),
  check (worker_id is null or lock_expires_at is not null),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade
);

-- Fetching: the tenant's fetchable tasks of some topics whose lock is free or expired.
create index process_external_tasks_fetch_idx
  on process_external_tasks (tenant, topic, lock_expires_at)
  where retries is null or retries > 0;
-- Cleaning up a token's task, and listing an instance's tasks.
create index process_external_tasks_execution_idx
  on process_external_tasks (tenant, execution_id);
create index process_external_tasks_instance_idx
  on process_external_tasks (tenant, instance_id);
-- Incidents: tasks whose worker gave up, for someone to look at.
create index process_external_tasks_failed_idx
  on process_external_tasks (tenant, created_at) where retries = 0;
