-- How many records each object has, kept by the database itself, so an unfiltered records
-- list knows its total without counting 100,000 rows on every page. Statement triggers with
-- transition tables add or remove a whole batch at once.

create table object_record_counts (
  tenant text not null,
  key text not null,
  version integer not null,
  count bigint not null default 0 check (count >= 0),
  primary key (tenant, key, version),
  foreign key (tenant, key, version) references object_definitions (tenant, key, version)
    on delete cascade
);

insert into object_record_counts (tenant, key, version, count)
  select tenant, key, version, count(*) from object_records group by tenant, key, version;

create function object_records_counted_in() returns trigger language plpgsql as $$
begin
  insert into object_record_counts (tenant, key, version, count)
    select tenant, key, version, count(*) from new_rows group by tenant, key, version
  on conflict (tenant, key, version)
    do update set count = object_record_counts.count + excluded.count;
  return null;
end
$$;

create function object_records_counted_out() returns trigger language plpgsql as $$
begin
  update object_record_counts as counts
    set count = counts.count - gone.count
    from (select tenant, key, version, count(*) as count from old_rows
          group by tenant, key, version) as gone
    where counts.tenant = gone.tenant and counts.key = gone.key
      and counts.version = gone.version;
  return null;
end
$$;

create trigger object_records_count_insert after insert on object_records
  referencing new table as new_rows for each statement
  execute function object_records_counted_in();

create trigger object_records_count_delete after delete on object_records
  referencing old table as old_rows for each statement
  execute function object_records_counted_out();

-- A record stays with its object: moving one would leave both counts wrong.
create function object_records_keep_object() returns trigger language plpgsql as $$
begin
  if new.tenant <> old.tenant or new.key <> old.key or new.version <> old.version then
    raise exception 'A record cannot move to another object';
  end if;
  return new;
end
$$;

create trigger object_records_keep_object before update on object_records
  for each row execute function object_records_keep_object();
