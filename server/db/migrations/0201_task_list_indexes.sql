-- The assigned and team lists: the open tasks of one assignee in due-date order, with the
-- 'new' flag carried in the index. The page walks it in order and stops after one page; the
-- counters (due-date windows and NEW) become an index-only scan of the assignee's open
-- tasks, without visiting the table.
create index tasks_open_by_assignee_idx on tasks (tenant, assignee, due_date, id)
  include (seen_by_assignee)
  where state = 'open' and assignee is not null;
