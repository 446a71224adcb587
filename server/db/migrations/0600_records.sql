-- Records area: a tenant's business-object definitions (customers, loans, collateral) and
-- their records. A record's fields live in one jsonb document, so a definition can gain a
-- field without a migration; the indexes below serve the records list's filters, sort and
-- paging without reading a whole object's rows.

create table object_definitions (
  tenant text not null references tenants (name) on delete cascade,
  key text not null check (key ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  version integer not null check (version >= 1),
  -- A string, or a per-locale map (`{"en": "Customers", "es": "Clientes"}`).
  label jsonb not null,
  owner text not null check (char_length(owner) between 1 and 200),
  -- The dot beside the label in the drawer.
  colour text not null check (colour ~ '^#[0-9a-f]{6}$'),
  -- [{ key, label, type, visibleInMobile, visibleInOthers }], checked by the server's schema.
  fields jsonb not null check (jsonb_typeof(fields) = 'array'),
  external_analysis_url text,
  -- { formId } or { cutFormId }: the form a record opens in.
  other_data jsonb not null default '{}' check (jsonb_typeof(other_data) = 'object'),
  created_at timestamptz not null default now(),
  primary key (tenant, key, version)
);

create table object_records (
  tenant text not null,
  id text not null check (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  key text not null,
  version integer not null,
  -- How many times the record's data was written; the record page shows V{data_version}.
  data_version integer not null default 1 check (data_version >= 1),
  data jsonb not null check (jsonb_typeof(data) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant, id),
  foreign key (tenant, key, version) references object_definitions (tenant, key, version)
    on delete cascade
);

-- The list without a sort of its own: newest first, then id for a stable page order.
create index object_records_created_idx
  on object_records (tenant, key, version, created_at desc, id desc);
-- Exact filters as containment (`data @> '{"city": "Madrid"}'`), any field, any type.
create index object_records_data_idx on object_records using gin (data jsonb_path_ops);
