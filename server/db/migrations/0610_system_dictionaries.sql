-- System dictionaries: value lists a tenant manages (loan products, currencies, branches,
-- document types, statuses), each entry a stable code that forms and records store, with a
-- label in every shipped language. Every row carries `tenant`, and the entries' foreign key
-- includes it, so no list or label crosses tenants.

create table dictionaries (
  tenant text not null references tenants (name) on delete cascade,
  -- What a form field names (`currencies`).
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  label_en text not null check (char_length(label_en) between 1 and 200),
  label_es text not null check (char_length(label_es) between 1 and 200),
  label_fr text not null check (char_length(label_fr) between 1 and 200),
  created_at timestamptz not null default now(),
  primary key (tenant, name)
);

create table dictionary_entries (
  tenant text not null,
  dictionary text not null,
  -- What a form stores; never changes once used, so stored values keep their meaning.
  code text not null check (code ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  label_en text not null check (char_length(label_en) between 1 and 200),
  label_es text not null check (char_length(label_es) between 1 and 200),
  label_fr text not null check (char_length(label_fr) between 1 and 200),
  -- Where the entry shows in a list, smallest first.
  position integer not null,
  -- A retired entry is no longer offered or accepted in forms, but its label still shows
  -- for the records that stored it.
  active boolean not null default true,
  primary key (tenant, dictionary, code),
  foreign key (tenant, dictionary) references dictionaries (tenant, name) on delete cascade
);

-- A dictionary's entries in their order (the dictionaries call, a form's choices).
create index dictionary_entries_order_idx on dictionary_entries (tenant, dictionary, position);
