-- The task lists' generation: a number that grows with every committed transaction that
-- wrote to a table the dashboard lists read (see server/workflow/taskListCache.ts). A
-- server process keeps the answers of list calls beside the generation it read before the
-- call, and gives one again only while the generation is unchanged, so no write of any
-- process, engine, seed or administrator, can leave a list stale.
--
-- The number is the sum of 64 stripes. A writing transaction adds one to the stripe of its
-- connection, once, from its first write to those tables: it holds that row until it
-- commits, so transactions on other connections rarely wait for each other, and since one
-- transaction touches one stripe only, two can never wait for each other in a cycle. The
-- increment commits with the write it counts: a reader that sees the new number sees the
-- write.
create table task_list_generation (
  stripe smallint primary key,
  value bigint not null default 0
);

insert into task_list_generation (stripe) select g from generate_series(0, 63) as g;

create function bump_task_list_generation() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('tessera.task_list_bumped', true), '') <> '1' then
    update task_list_generation set value = value + 1 where stripe = pg_backend_pid() % 64;
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
