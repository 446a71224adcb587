-- Device cookies (OWASP's "device cookies" against lockout abuse): a browser that signed in
-- to an account gets a cookie signed with a server key, so its later sign-ins skip the
-- per-address limits and wait in a lane of their own. The key lives here, made by the first
-- process that needs it, so every server process signs and checks with the same one.
create table server_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);

-- The device cookie a failed sign-in presented, if any: a cookie that keeps failing stops
-- being trusted, so a stolen one buys no more guesses than a few.
alter table login_failures add column device text;

create index login_failures_device_idx on login_failures (tenant, device, at)
  where device is not null;
