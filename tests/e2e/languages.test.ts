import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser';
import { startLoanApplication } from '../helpers/loanApplication';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { localeText as text } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const SHOTS = screenshotsFolder();
/** What Blueprint says in English on its own (see src/i18n/blueprintLabels.ts). */
const BLUEPRINT_ENGLISH = ['Close', 'Open dropdown', 'Remove tag', 'increment', 'decrement'];

const e2e = setUpServerAndBrowser();

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
    const { context, page } = await openPage(e2e.browser, { locale });
    try {
      const { task } = await startLoanApplication(e2e.server, OFFICER_ID, 'Lea Lang');
      await signIn(page, e2e.server.url, OFFICER);
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
      await page.goto(`${e2e.server.url}/process/task/${task.id}`);
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
    const { context, page } = await openPage(e2e.browser, { locale, width: 1280 });
    try {
      const { task } = await startLoanApplication(e2e.server, OFFICER_ID, 'Noa Name');
      const taskName = await text(
        language,
        'process',
        'definitions.loanApplication.tasks.loanApplicationForm',
      );
      const processName = await text(language, 'process', 'definitions.loanApplication.name');
      await signIn(page, e2e.server.url, OFFICER);

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
