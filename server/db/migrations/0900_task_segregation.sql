-- Segregation of duties ("four eyes"): a user task may declare who must not perform it, and
-- the engine copies that onto the task row when it makes the task, so the task policy reads
-- it with the task (the candidate list, claim, reassignment targets, completion) without
-- opening the definition. The people excluded are found from what the instance's tasks
-- already record: who started the instance (`process_instances.started_by`) and who
-- completed each task (`tasks.completed_by`), through `tasks_instance_idx`.
alter table tasks add column exclude_performers_of text[] not null default '{}';
alter table tasks add column exclude_initiator boolean not null default false;
alter table tasks add column exclude_any_performer boolean not null default false;
