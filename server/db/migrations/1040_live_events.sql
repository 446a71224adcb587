-- The live inbox's event log: one row per change to a task, written in the change's own
-- transaction (so a rolled-back change leaves none) and read by the open event streams of
-- the users it concerns. `users` and `groups` are its recipients, fixed when it is written:
-- the previous and the new assignee, and the task's candidate users and groups. Rows are
-- kept for a day (server/live/liveRetention.ts): a browser that comes back later reloads
-- what it shows instead of replaying.

create table live_events (
  id bigserial primary key,
  tenant text not null,
  task_id text not null,
  change text not null,
  assignee text,
  previous_assignee text,
  actor text,
  at timestamptz not null default now(),
  users text[] not null default '{}',
  groups text[] not null default '{}'
);

-- A woken stream reads its tenant's rows after the last one it sent: a short range of this
-- index, whatever the size of the log.
create index live_events_tenant_id_idx on live_events (tenant, id);

-- The pruning deletes the oldest rows by time.
create index live_events_at_idx on live_events (at);
