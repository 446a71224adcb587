-- Sign-in throttling also counts one address's failures across every email of a tenant
-- (guessing emails, or one password against many accounts), so it needs this index.
create index login_failures_ip_idx on login_failures (tenant, ip, at);
