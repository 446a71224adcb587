-- Business keys: each instance of a process that declares a prefix is named by a key that
-- staff can read out on the phone (LN-2026-000123), numbered per tenant, prefix and year.
-- The counter row is bumped by an upsert, which PostgreSQL serialises on the row, so two
-- starts at once never get the same number and none is skipped by a rolled-back start
-- (the bump is part of the start's transaction). A key given by the caller (a message start)
-- is kept as given and need not be unique, as in Flowable.
create table business_key_counters (
  tenant text not null references tenants (name) on delete cascade,
  prefix text not null,
  year integer not null,
  last_value integer not null,
  primary key (tenant, prefix, year)
);

