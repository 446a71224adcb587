-- Names per reader's language: an instance's case name and a task's name are rendered from
-- the process variables once per interface language (numbers are written differently in
-- en, es and fr), when they are written, so every read picks one by key with no formatting
-- work on the hot task list. Rows written before keep null and show their plain `name`.
alter table process_instances add column display_names jsonb;
alter table tasks add column display_names jsonb;
