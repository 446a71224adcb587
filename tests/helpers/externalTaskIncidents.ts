import { readFile } from 'node:fs/promises';
import type { TestServer } from '../../server/testing/startTestServer';

/** The bureau check of the conformance fixtures: one external task of the `creditBureau` topic. */
const BUREAU_CHECK = new URL(
  '../../fixtures/bpmn-conformance/external-task-camunda.bpmn',
  import.meta.url,
);

/** The worker that gives up on the bureau checks. */
export const BUREAU_WORKER = 'bureau-worker-1';

/** Deploys the bureau check (external task, topic `creditBureau`) in the internal tenant. */
export async function deployBureauCheck(server: TestServer): Promise<void> {
  await server.app.engine.deploy('internal', await readFile(BUREAU_CHECK, 'utf8'));
}

/**
 * A loan officer's case reaches the bureau check, and the bureau worker gives up on it:
 * fetched, then failed with no attempt left, so it waits as an incident for an
 * administrator. Needs {@link deployBureauCheck} first; answers the external task's id.
 */
export async function caseStuckAtTheBureau(
  server: TestServer,
  businessKey: string,
  errorMessage: string,
): Promise<string> {
  const { engine } = server.app;
  const instance = await engine.startProcess('internal', {
    key: 'bureauCheckCamunda',
    businessKey,
    startedBy: 'lmartin',
    variables: { applicantName: 'Ada Lovelace', monthlyIncome: 4200 },
  });
  const locked = await engine.fetchAndLockExternalTasks('internal', {
    workerId: BUREAU_WORKER,
    maxTasks: 100,
    topics: [{ name: 'creditBureau', lockDurationMs: 60_000 }],
  });
  const task = locked.find((candidate) => candidate.instanceId === instance.id);
  if (!task) throw new Error(`The bureau check of ${businessKey} was not fetched.`);
  await engine.failExternalTask('internal', task.id, {
    workerId: BUREAU_WORKER,
    errorMessage,
    retries: 0,
    retryTimeoutMs: 0,
  });
  return task.id;
}
