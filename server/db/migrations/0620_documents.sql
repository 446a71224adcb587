-- Documents area: the templates administrators add per scope (an object definition key or a
-- report type), and the documents generated from them, kept a short while for their
-- download. Both carry `tenant`; no query crosses tenants.

create table document_templates (
  id uuid primary key,
  tenant text not null references tenants (name) on delete cascade,
  -- An object definition key (`customers`) or a report type (`LOAN_APPLICATION`).
  scope text not null check (scope ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  name text not null check (char_length(name) between 1 and 120),
  -- `document` is a docx, `sheet` an xlsx (spec 001 section 3).
  document_type text not null check (document_type in ('document', 'sheet')),
  content bytea not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  unique (tenant, scope, name)
);

-- The generate menu lists one scope's templates.
create index document_templates_scope_idx on document_templates (tenant, scope, name);

create table generated_documents (
  id uuid primary key,
  tenant text not null references tenants (name) on delete cascade,
  -- The process instance or record it was made for: the download's path names it.
  subject_id text not null,
  template_id uuid,
  document_type text not null check (document_type in ('document', 'sheet')),
  file_name text not null check (char_length(file_name) between 1 and 255),
  content bytea not null,
  -- Only who generated a document downloads it.
  created_by text not null,
  created_at timestamptz not null default now()
);

-- The clean-up of documents nobody fetched: oldest first.
create index generated_documents_created_idx on generated_documents (created_at);
