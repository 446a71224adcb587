import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { launchBrowser, openPage } from '../helpers/browser';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';

let server: TestServer;
let browser: Browser;
let taskId = '';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  // The loan application's first task is the initiator's, on the designer form DSG-loan-application.
  const instance = await server.app.engine.startProcess('internal', {
    key: 'loanApplication',
    startedBy: OFFICER_ID,
    variables: {},
  });
  const [task] = await server.app.engine.listInstanceTasks('internal', instance.id, {
    completed: false,
  });
  if (!task) throw new Error('The loan application did not stop at its first task.');
  taskId = task.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs in on the login page and waits for the shell. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.locator('#email').fill(OFFICER);
  await page.locator('#password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('task form', () => {
  it('given an assigned designer-form task, when typing, reloading and saving, then the draft is kept and the save returns to the dashboard', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);

    // Given the officer's task page.
    await page.goto(`${server.url}/process/task/${taskId}`);
    await page.getByTestId('task-form').waitFor();
    const firstName = page.locator('input[id$="_firstName"]');
    await firstName.waitFor();

    // When they type a value and the tab reloads.
    await firstName.fill('Ada');
    await page.waitForTimeout(600);
    // The tab asks before leaving unsaved changes; the user leaves anyway.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();

    // Then the local draft is offered and restores the value.
    await page.getByTestId('local-draft-offer').waitFor();
    await page.getByTestId('local-draft-restore').click();
    await expect(page.locator('input[id$="_firstName"]').inputValue()).resolves.toBe('Ada');

    // When they save, then the dashboard shows with the saved toast.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The task was saved.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    // And the server kept the value: the page opens with it and no draft is offered.
    await page.goto(`${server.url}/process/task/${taskId}`);
    await page.locator('input[id$="_firstName"]').waitFor();
    await expect(page.locator('input[id$="_firstName"]').inputValue()).resolves.toBe('Ada');
    await expect(page.getByTestId('local-draft-offer').count()).resolves.toBe(0);
    await context.close();
  });
});
