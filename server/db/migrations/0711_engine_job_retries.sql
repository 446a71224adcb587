-- A timer whose step fails (a service handler throwing, a bad expression) is retried a few
-- times, later each time, then set aside with its error for someone to look at, so one
-- failing timer never holds up the others.
alter table process_jobs add column retries_left integer not null default 3;
alter table process_jobs add column last_error text;
create index process_jobs_failed_idx on process_jobs (tenant, instance_id) where retries_left = 0;
