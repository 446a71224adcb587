import pg from 'pg';

/** Drops a test database, its connections included; nothing when it is gone already. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onMaintenanceDatabase(serverUrl, async (admin) => {
    await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

/** Runs `work` on a connection to the server's maintenance database, which always exists. */
export async function onMaintenanceDatabase<T>(
  serverUrl: string,
  work: (admin: pg.Client) => Promise<T>,
): Promise<T> {
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
