-- Partial ("contains") filters of the records list, `data ->> 'field' ilike '%text%'`, are
-- served by a trigram index of each text field's value, so they no longer read every record
-- of the object. The server makes one per text field key when it stores a definition; this
-- makes them for the definitions stored before. The name hashes the exact key, as the sort
-- indexes' names do (keys may differ only in case).

create extension if not exists pg_trgm;

do $$
declare
  field_key text;
begin
  for field_key in
    select distinct field ->> 'key'
    from object_definitions, jsonb_array_elements(fields) as field
    where field ->> 'type' = 'string'
      and field ->> 'key' ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$'
  loop
    execute format(
      'create index if not exists %I on object_records using gin ((data ->> %L) gin_trgm_ops)',
      'object_records_trgm_' || substr(encode(sha256(convert_to(field_key, 'UTF8')), 'hex'), 1, 16)
        || '_idx',
      field_key
    );
  end loop;
end
$$;
