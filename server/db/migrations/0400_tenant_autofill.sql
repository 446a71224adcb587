-- Autofill on the task page (spec 001 section 6): a per-tenant switch, off unless a tenant
-- turns it on, so a production tenant never shows testers' tools by accident.
alter table tenants add column autofill boolean not null default false;
