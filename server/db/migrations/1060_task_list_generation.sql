-- The task lists' generation: a number that grows with every committed transaction that
-- wrote to a table the dashboard lists read (see server/workflow/taskListCache.ts). A
-- server process keeps the answers of list calls beside the generation it read before the
-- call, and gives one again only while the generation is unchanged, so no write of any
-- process, engine, seed or administrator, can leave a list stale.
--
-- The number is the sum of the rows below. A writing transaction adds one, once, from its
-- first write to those tables, to a row no other transaction holds: it takes the first row
-- it can lock without waiting, or adds a row when every one is held. So a write never waits
-- for another because of the count (and can never deadlock on it); the rows number at most
-- the most writers there ever were at once. The increment commits with the write it counts:
-- a reader that sees the new number sees the write.
create table task_list_generation (
  stripe integer generated always as identity primary key,
  value bigint not null default 0
);

create function bump_task_list_generation() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('tessera.task_list_bumped', true), '') <> '1' then
    update task_list_generation set value = value + 1
      where stripe = (
        select stripe from task_list_generation limit 1 for update skip locked
      );
    if not found then
      insert into task_list_generation (value) values (1);
    end if;
    perform set_config('tessera.task_list_bumped', '1', true);
  end if;
  return null;
end;
$$;

do $$
declare
  source text;
begin
  foreach source in array array[
    'tasks', 'task_candidates', 'group_members', 'groups', 'users',
    'process_definitions', 'process_instances'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I '
      'for each statement execute function bump_task_list_generation()',
      source || '_bump_task_list_generation', source);
  end loop;
end;
$$;
