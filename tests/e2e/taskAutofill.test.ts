import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser';
import { startLoanApplication } from '../helpers/loanApplication';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { openTaskPage } from '../helpers/taskPage';
import { screenshotsFolder } from '../helpers/screenshotsFolder';

/** A form author with access-autofill (fixtures/identity/users.json). */
const TESTER = 'priya.nair@tessera.example';
const TESTER_ID = 'pnair';
/** A loan officer without it. */
const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the screenshots of the button's place go, to be looked at after a run. */
const SHOTS = screenshotsFolder();

const e2e = setUpServerAndBrowser();

/** The first task (DSG-loan-application) of a loan application `userId` has just started. */
async function newApplication(userId: string, applicantName: string): Promise<string> {
  return (await startLoanApplication(e2e.server, userId, applicantName)).task.id;
}

/** Opens a task's page and waits for its form's first field. */
async function openTask(page: Page, id: string): Promise<void> {
  await openTaskPage(page, e2e.server.url, id);
  await page.locator('input[id$="_firstName"]').waitFor();
}

describe('Autofill on the task page', () => {
  it('given a tester with access-autofill, when they press Autofill and submit, then the application goes through', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, TESTER);
    const id = await newApplication(TESTER_ID, 'Autofill Tester');
    await openTask(page, id);
    // A tester (access-test) may open the task's designer form in the form page, in a new tab
    // (spec 001 section 2: a designer-built form goes to the form-designer route).
    const newTab = page.getByTestId('task-open-new-tab');
    await expect(newTab.getAttribute('href')).resolves.toBe(
      '/forms/preview?formId=DSG-loan-application',
    );
    await expect(newTab.getAttribute('target')).resolves.toBe('_blank');

    // Given a value the tester typed before pressing Autofill.
    await page.locator('input[id$="_lastName"]').fill('Typed');

    // When they press Autofill.
    await page.getByTestId('autofill-button').click();

    // Then the success toast shows, the empty fields hold values and the typed one is kept.
    // (The live region says the same words for screen readers: read the toast itself.)
    await page.locator('.bp6-toast', { hasText: /empty fields with test values/ }).waitFor();
    await expect(page.locator('input[id$="_firstName"]').inputValue()).resolves.toBe('Alex');
    await expect(page.locator('input[id$="_lastName"]').inputValue()).resolves.toBe('Typed');
    await expect(page.locator('input[id$="_customerId"]').inputValue()).resolves.toBe('CUS-000000');

    // And a submit completes the task.
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.locator('.bp6-toast', { hasText: 'The task was completed.' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const task = await e2e.server.app.engine.getTask('internal', id);
    expect(task.state).toBe('completed');
    const variables = await e2e.server.app.engine.getVariables('internal', task.instanceId);
    expect(variables).toMatchObject({
      firstName: 'Alex',
      lastName: 'Typed',
      customerId: 'CUS-000000',
      consentCreditCheck: true,
    });
    await context.close();
  });

  it.each([1280, 375])(
    'given a tester at %i px, when the form is shown, then Autofill sits above it at its right edge',
    async (width) => {
      const { context, page } = await openPage(e2e.browser, { width });
      await signIn(page, e2e.server.url, TESTER);
      const id = await newApplication(TESTER_ID, `Autofill ${width}`);
      await openTask(page, id);

      const button = await page.getByTestId('autofill-button').boundingBox();
      const form = await page.locator('.tf-section').first().boundingBox();
      if (!button || !form) throw new Error('The button or the form is not rendered.');
      expect(button.y + button.height).toBeLessThanOrEqual(form.y);
      expect(Math.abs(button.x + button.width - (form.x + form.width))).toBeLessThan(2);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.screenshot({ path: join(SHOTS, `autofill-${width}.png`) });
      await context.close();
    },
  );

  it('given a loan officer without access-autofill or access-test, when the form is shown, then there is no Autofill and no new-tab link', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await newApplication(OFFICER_ID, 'No Autofill');
    await openTask(page, id);

    await expect(page.getByTestId('autofill-button').count()).resolves.toBe(0);
    await expect(page.getByTestId('task-open-new-tab').count()).resolves.toBe(0);
    await context.close();
  });
});
