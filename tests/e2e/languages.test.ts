import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdir, readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { launchBrowser, openPage } from '../helpers/browser';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const SHOTS = join(tmpdir(), 'shots');
/** What Blueprint says in English on its own (see src/i18n/blueprintLabels.ts). */
const BLUEPRINT_ENGLISH = ['Close', 'Open dropdown', 'Remove tag', 'increment', 'decrement'];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A translation from the locale files, by area and dotted key. */
async function text(language: string, area: string, key: string): Promise<string> {
  const tree: unknown = JSON.parse(await readFile(`locales/${language}/${area}.json`, 'utf8'));
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
  if (typeof value !== 'string') throw new Error(`No ${language} ${area}.${key}`);
  return value;
}

/** Signs in on the login page and waits for the shell. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.locator('#email').fill(OFFICER);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.locator('[data-testid="tab-count-assigned"]').waitFor();
}

/** Every label announced or shown as a tooltip that is one of Blueprint's English words. */
function blueprintEnglishOnPage(page: Page): Promise<string[]> {
  return page.evaluate((english) => {
    const labels = [...document.querySelectorAll('[aria-label], [title]')].flatMap((element) => [
      element.getAttribute('aria-label') ?? '',
      element.getAttribute('title') ?? '',
    ]);
    const titles = [...document.querySelectorAll('svg > title')].map((t) => t.textContent ?? '');
    return [...labels, ...titles].filter((label) => english.includes(label.trim()));
  }, BLUEPRINT_ENGLISH);
}

describe.each([
  ['es', 'es-ES'],
  ['fr', 'fr-FR'],
])('in %s', (language, locale) => {
  it('given the dashboard, the start-process drawer and a task page, then no Blueprint English and the demo processes and tasks are translated', async () => {
    const { context, page } = await openPage(browser, { locale });
    try {
      const instance = await server.app.engine.startProcess('internal', {
        key: 'loanApplication',
        startedBy: OFFICER_ID,
        variables: { applicantName: 'Lea Lang' },
      });
      const [task] = await server.app.engine.listInstanceTasks('internal', instance.id, {
        completed: false,
      });
      if (!task) throw new Error('The loan application did not stop at its first task.');
      await signIn(page);
      expect(await blueprintEnglishOnPage(page)).toEqual([]);

      // The drawer: its close button, the process names, the category.
      await page
        .getByRole('button', { name: await text(language, 'dashboard', 'startProcess') })
        .first()
        .click();
      const drawer = page.getByTestId('start-process-drawer');
      await drawer
        .getByText(await text(language, 'process', 'definitions.loanApplication.name'), {
          exact: true,
        })
        .waitFor();
      expect(
        await drawer.getByText(await text(language, 'process', 'category.loans')).count(),
      ).toBeGreaterThan(0);
      expect(await drawer.getByText('Loan application', { exact: true }).count()).toBe(0);
      expect(await blueprintEnglishOnPage(page)).toEqual([]);
      expect(
        await page.getByRole('button', { name: await text(language, 'common', 'close') }).count(),
      ).toBeGreaterThan(0);
      await page.keyboard.press('Escape');

      // The task page: its heading names the task in the language.
      await page.goto(`${server.url}/process/task/${task.id}`);
      await page.getByTestId('task-form').waitFor();
      expect(await page.locator('h1').innerText()).toBe(
        await text(language, 'process', 'definitions.loanApplication.tasks.loanApplicationForm'),
      );
      expect(await blueprintEnglishOnPage(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/task-heading-${language}.png` });
    } finally {
      await context.close();
    }
  });

  it('given a demo task, then the dashboard row and the bell name it and its process in the language', async () => {
    const { context, page } = await openPage(browser, { locale, width: 1280 });
    try {
      const instance = await server.app.engine.startProcess('internal', {
        key: 'loanApplication',
        startedBy: OFFICER_ID,
        variables: { applicantName: 'Noa Name' },
      });
      const [task] = await server.app.engine.listInstanceTasks('internal', instance.id, {
        completed: false,
      });
      if (!task) throw new Error('The loan application did not stop at its first task.');
      const taskName = await text(
        language,
        'process',
        'definitions.loanApplication.tasks.loanApplicationForm',
      );
      const processName = await text(language, 'process', 'definitions.loanApplication.name');
      await signIn(page);

      // The table: the task's cell and its row's process cell.
      const cell = page.locator(`.tessera-table [data-task-id="${task.id}"]`).first();
      await cell.waitFor();
      expect(await cell.innerText()).toBe(taskName);
      const row = page.locator(`.tessera-table [data-row-task-id="${task.id}"]`);
      expect(await row.getByText(processName, { exact: true }).count()).toBe(1);
      expect(await row.getByText('Fill in the loan application').count()).toBe(0);
      expect(await row.getByText('Loan application', { exact: true }).count()).toBe(0);

      // The bell: the newest assigned tasks, by name.
      await page.getByTestId('notification-bell').click();
      const assigned = page.getByTestId('notification-assigned');
      await assigned.waitFor();
      expect(await assigned.getByText(taskName).count()).toBeGreaterThan(0);
      expect(await assigned.getByText('Fill in the loan application').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/dashboard-names-${language}.png` });
    } finally {
      await context.close();
    }
  });
});
