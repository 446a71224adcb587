import { deployKit, EMAIL, makeTask, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';

/** Starts a test server with the task kit's processes deployed and Lucas signed in. */
export async function startFileStoreServer() {
  const server = await startTestServer();
  await deployKit(server);
  return { server, lucas: await signIn(server, EMAIL.lmartin) };
}

/** An open task of this name that Lucas holds and started himself. */
export function lucasTaskNamed(server: TestServer, name: string) {
  return makeTask(server, { name, assignee: 'lmartin', startedBy: 'lmartin' });
}

/** How many stored files belong to a task. */
export async function countTaskFiles(server: TestServer, taskId: string): Promise<number> {
  const rows = await server.database.db
    .selectFrom('files')
    .select('id')
    .where('task_id', '=', taskId)
    .execute();
  return rows.length;
}
