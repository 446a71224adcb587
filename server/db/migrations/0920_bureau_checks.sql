-- What each webhook button's target answered, when the button reads its answer into the
-- case (the credit bureau's score, band, time and reference of a check). The server records
-- the answer as it received it, so a completion takes those variables from here and never
-- from what the browser sends back; a check stays on record with its task.

create table webhook_answers (
  -- Orders the answers of one task: the latest is the one its completion keeps.
  id bigint generated always as identity primary key,
  tenant text not null,
  task_id text not null,
  instance_id text not null,
  -- The target's name, as the button named it.
  webhook text not null,
  -- Who pressed the button (the task's assignee).
  called_by text not null,
  -- The target's whole answer (at most 64 KiB), kept for whoever audits the check.
  answer jsonb not null,
  -- The variables read from it by the button's `answerFields`, by name.
  answer_values jsonb not null,
  answered_at timestamptz not null default now(),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade,
  foreign key (tenant, task_id) references tasks (tenant, id) on delete cascade
);

-- A task's latest answer of each target (its completion) without a scan.
create index webhook_answers_task_idx on webhook_answers (tenant, task_id, webhook, id desc);
