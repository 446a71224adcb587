import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IntegrationScope } from '../../schemas/api/integration';
import { demoCreditScore } from '../../server/engine/handlers/creditCheck';
import { createIntegrationClient } from '../../server/identity/integrationClients';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER_ID = 'lmartin';
const SUPERVISOR = 'maria.garcia@tessera.example';
const SHOTS = screenshotsFolder('external-bureau');
const DEMO_PROCESS = new URL('../../fixtures/processes/loan-origination.bpmn', import.meta.url);
const WORKER = new URL('../../scripts/creditBureauWorker.ts', import.meta.url);
const TSX = new URL('../../node_modules/.bin/tsx', import.meta.url);

const e2e = setUpServerAndBrowser();

/**
 * The lender moves the demo's credit check out of the server: version 2 of loan origination
 * names the same step an external task of the `creditBureau` topic, everything else as it was.
 */
beforeAll(async () => {
  const demo = await readFile(DEMO_PROCESS, 'utf8');
  const external = demo.replace(
    'camunda:type="creditCheck"',
    'camunda:type="external" camunda:topic="creditBureau"',
  );
  expect(external).not.toBe(demo);
  await e2e.server.app.engine.deploy('internal', external);
});

/** Runs the worker script as its own process until it has handled what waits; its output. */
function runWorkerOnce(token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX.pathname, [WORKER.pathname, '--once', '--worker-id', 'bureau-e2e'], {
      env: { ...process.env, TESSERA_URL: e2e.server.url, TESSERA_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`worker exited ${code}: ${output}`)),
    );
  });
}

/** Whether the candidate tab, once its list has loaded, offers the task to claim. */
async function candidateListHolds(page: Page, taskId: string): Promise<boolean> {
  await page.goto(`${e2e.server.url}/`);
  await page.locator('[data-tab="candidate"]').click();
  await page.locator('.tessera-table[data-list="candidate"]').waitFor();
  await page.waitForLoadState('networkidle');
  return (await page.locator(`[data-action="claim"][data-task-id="${taskId}"]`).count()) > 0;
}

describe('the credit check done by an outside worker', () => {
  it('given a large loan past intake, when the bureau worker (its own process) fetches and completes the check, then the case moves on with its score to the credit committee, where the supervisor finds it', async () => {
    const { engine } = e2e.server.app;
    const instance = await engine.startProcess('internal', {
      key: 'loanOrigination',
      startedBy: OFFICER_ID,
      variables: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        loanAmount: 75000,
        monthlyIncome: 5000,
        valuationDueDate: '2099-01-01T12:00:00.000Z',
      },
    });
    expect(instance.definitionVersion).toBe(2);
    const intake = (
      await engine.listInstanceTasks('internal', instance.id, { completed: false })
    )[0];
    if (!intake) throw new Error('The loan has no intake task.');
    await engine.claimTask('internal', intake.id, OFFICER_ID);
    await engine.completeTask('internal', intake.id, { userId: OFFICER_ID });
    // The case waits at the bureau: nothing for the committee yet.
    expect(await engine.listInstanceTasks('internal', instance.id, { completed: false })).toEqual(
      [],
    );

    const { token } = await createIntegrationClient(e2e.server.database.db, {
      tenant: 'internal',
      name: 'Credit bureau connector',
      scopes: [IntegrationScope.externalTasks],
      createdBy: 'pnair',
    });
    const output = await runWorkerOnce(token);
    const score = demoCreditScore({ loanAmount: 75000, monthlyIncome: 5000 });
    expect(output).toContain(`scored ${score}`);

    const after = await engine.getInstance('internal', instance.id);
    expect(after.variables).toMatchObject({ creditScore: score, creditCheckPassed: false });
    const [approval] = await engine.listInstanceTasks('internal', instance.id, {
      completed: false,
    });
    expect(approval?.elementId).toBe('supervisorApproval');

    const supervisor = await openPage(e2e.browser);
    try {
      const { page } = supervisor;
      await signIn(page, e2e.server.url, SUPERVISOR);
      await expect
        .poll(() => candidateListHolds(page, approval?.id ?? ''), { timeout: 60_000 })
        .toBe(true);
      await page.screenshot({ path: `${SHOTS}/en-1280-committee.png`, fullPage: true });
    } finally {
      await supervisor.context.close();
    }
  });
});
