-- Which process instances produced a record: the instance whose tasks filled the record's
-- fields. A record's form may show pictures, signatures and uploads stored for those tasks;
-- the record page reads them through this link, so an analyst with access-bo sees the files
-- of the record's own instances and no other (docs/decisions.md, "Files of a record's form").
create table object_record_sources (
  tenant text not null,
  record_id text not null,
  instance_id text not null,
  created_at timestamptz not null default now(),
  primary key (tenant, record_id, instance_id),
  foreign key (tenant, record_id) references object_records (tenant, id) on delete cascade
);

-- A file's read asks whether its instance is one of the record's: served by the key above.
