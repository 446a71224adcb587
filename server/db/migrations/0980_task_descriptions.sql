-- A user task's instructions for the person who does it: the BPMN `documentation` of the
-- user task, its `${...}` filled in from the process variables when the task is made, once
-- per interface language as the name is (`display_names`, 0940), because values are written
-- differently in en, es and fr. `description` is the English rendering, for readers without
-- a language. Both stay null for a task without documentation and for tasks made before.
-- The engine cuts both to 4,000 characters, so a hostile definition cannot bloat every row.
alter table tasks add column description text;
alter table tasks add column display_descriptions jsonb;
