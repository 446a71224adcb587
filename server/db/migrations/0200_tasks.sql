-- Tasks area: notifications about new assigned and candidate tasks, task comments (with
-- reassignment comments) and who has read them. Every row carries `tenant`, and foreign
-- keys include it, so no row can point at another tenant's row.

create table task_notifications (
  id bigint generated always as identity primary key,
  tenant text not null,
  user_id text not null,
  task_id text not null,
  kind text not null check (kind in ('assigned', 'candidate')),
  -- The candidate group that made the task a candidate task of the user; null otherwise.
  group_id text,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  -- One notification per user, task and kind: a repeated assignment revives it.
  unique (tenant, user_id, task_id, kind),
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade,
  foreign key (tenant, task_id) references tasks (tenant, id) on delete cascade
);

-- The bell: one user's unread notifications, newest first.
create index task_notifications_unread_idx on task_notifications (tenant, user_id, created_at desc)
  where read_at is null;
-- Retiring the notifications of a task once it is claimed, reassigned or completed.
create index task_notifications_task_idx on task_notifications (tenant, task_id)
  where read_at is null;

create table task_comments (
  id bigint generated always as identity primary key,
  tenant text not null,
  instance_id text not null,
  task_id text not null,
  -- The task's name when the comment was written; names may hold variables that change.
  task_name text not null,
  user_id text not null,
  comment text not null check (char_length(comment) <= 250 and comment = btrim(comment)),
  is_reassign boolean not null default false,
  reassignee_id text,
  previous_assignee_id text,
  created_at timestamptz not null default now(),
  -- Only a reassignment may come without text.
  check (is_reassign or comment <> ''),
  check (is_reassign = (reassignee_id is not null)),
  foreign key (tenant, instance_id) references process_instances (tenant, id) on delete cascade,
  foreign key (tenant, task_id) references tasks (tenant, id) on delete cascade,
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);

-- The comments panel: one instance's comments, newest first.
create index task_comments_instance_idx on task_comments (tenant, instance_id, created_at desc, id desc);
-- Comment availability of a page of team tasks: comments with text, by task.
create index task_comments_task_idx on task_comments (tenant, task_id, id) where comment <> '';

create table task_comment_reads (
  comment_id bigint not null references task_comments (id) on delete cascade,
  tenant text not null,
  user_id text not null,
  read_at timestamptz not null default now(),
  primary key (comment_id, user_id),
  foreign key (tenant, user_id) references users (tenant, id) on delete cascade
);
