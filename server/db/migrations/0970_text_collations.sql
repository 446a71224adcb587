-- Text sorts in the reader's language: "Élodie" beside "Elodie", not after "Z" as the
-- database's byte order puts it; "ñ" after "n" in Spanish. One ICU collation per interface
-- language (PostgreSQL built with ICU, as its packages are; PGlite has ICU's root order,
-- which these fall back to). Named here so queries do not depend on the collations that
-- initdb happened to create.
create collation if not exists tessera_en (provider = icu, locale = 'en');
create collation if not exists tessera_es (provider = icu, locale = 'es');
create collation if not exists tessera_fr (provider = icu, locale = 'fr');

-- A text field sorts in the list's collation, which the jsonb sort index cannot serve: the
-- server makes a collated sort index per text field key when it stores a definition
-- (server/records/objectDefinitions.ts); this makes them for the definitions stored before.
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
      'create index if not exists %I on object_records (tenant, key, version, ((data ->> %L) collate tessera_en), id)',
      'object_records_text_' || substr(encode(sha256(convert_to(field_key, 'UTF8')), 'hex'), 1, 16)
        || '_idx',
      field_key
    );
  end loop;
end
$$;
