import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { VALID_APPLICATION } from '../../server/forms/testing/formTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { launchBrowser, openPage } from '../helpers/browser';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = process.env.TESSERA_SHOTS_DIR ?? join(tmpdir(), 'task-form-refusals');

let server: TestServer;
let browser: Browser;

/** Starts a loan application for the officer and answers its first task (the designer form). */
async function startLoanApplication(applicantName: string): Promise<string> {
  const instance = await server.app.engine.startProcess('internal', {
    key: 'loanApplication',
    startedBy: OFFICER_ID,
    variables: { applicantName },
  });
  const [task] = await server.app.engine.listInstanceTasks('internal', instance.id, {
    completed: false,
  });
  if (!task) throw new Error('The loan application did not stop at its first task.');
  return task.id;
}

/** A loan review (the combined task) claimed by the officer, its application filled in. */
async function startLoanReview(applicantName: string): Promise<string> {
  const applicationTaskId = await startLoanApplication(applicantName);
  const application = await server.app.engine.getTask('internal', applicationTaskId);
  await server.app.engine.completeTask('internal', applicationTaskId, {
    userId: OFFICER_ID,
    variables: VALID_APPLICATION,
  });
  const [review] = await server.app.engine.listInstanceTasks('internal', application.instanceId, {
    completed: false,
  });
  if (!review) throw new Error('The loan application did not reach its review.');
  await server.app.engine.claimTask('internal', review.id, OFFICER_ID);
  return review.id;
}

/** Signs in on the login page and waits for the shell. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.locator('#email').fill(OFFICER);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.locator('[data-testid="tab-count-assigned"]').waitFor();
}

/** Opens a task's page and waits for its form. */
async function openTask(page: Page, id: string): Promise<void> {
  await page.goto(`${server.url}/process/task/${id}`);
  await page.getByTestId('task-form').waitFor();
}

/** A field's control by its field id (DOM ids end in `_<fieldId>`). */
function control(page: Page, fieldId: string): Locator {
  return page.locator(`[id$="_${fieldId}"]`).first();
}

/** The grid cell around a field's control. */
function cellOf(page: Page, fieldId: string): Locator {
  return page.locator('.tf-cell').filter({ has: page.locator(`[id$="_${fieldId}"]`) });
}

/** Whether the element's box lies inside the viewport. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  const height = await page.evaluate(() => window.innerHeight);
  return box.y >= 0 && box.y + box.height <= height;
}

/** The id of the focused element ends with the field id. */
function focusedOn(page: Page, fieldId: string): Promise<boolean> {
  return page.evaluate((id) => document.activeElement?.id.endsWith(`_${id}`) ?? false, fieldId);
}

/** Completion requests the page sends. */
function watchCompletions(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/action/complete')) {
      sent.push(request.url());
    }
  });
  return sent;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the server refuses a form', () => {
  // A test may publish a stricter version of the application form; the next one starts from
  // the form as the demo ships it.
  afterEach(async () => {
    const shipped = JSON.parse(
      await readFile(join(process.cwd(), 'fixtures', 'forms', 'DSG-loan-application.json'), 'utf8'),
    ) as Record<string, unknown>;
    await storeFormDefinition(server.database.db, {
      tenant: 'internal',
      id: 'DSG-loan-application',
      kind: 'designer',
      definition: shipped,
    });
  });

  it('given a form republished with a stricter rule while it was open, when submitted in French, then the refused field is marked, translated, and focused', async () => {
    const { context, page } = await openPage(browser, { locale: 'fr-FR' });
    page.setDefaultTimeout(60_000);
    await signIn(page);
    const id = await startLoanApplication('Rosalind Franklin');
    await openTask(page, id);

    // Given the application filled in as the form on screen allows.
    await control(page, 'firstName').fill('Rosalind');
    await control(page, 'lastName').fill('Franklin');
    await control(page, 'dateOfBirth').fill('1980-07-25');
    await control(page, 'customerId').fill('CUS-001920');
    await cellOf(page, 'employmentStatus').locator('label.bp6-radio').first().click();
    await control(page, 'loanProduct').selectOption({ label: 'Prêt personnel' });
    for (const [fieldId, value] of [
      ['loanAmount', '20000'],
      ['termMonths', '60'],
      ['monthlyIncome', '4200'],
    ] as const) {
      await control(page, fieldId).fill(value);
      await control(page, fieldId).blur();
    }
    await cellOf(page, 'consentCreditCheck').locator('label').click();

    // And meanwhile the form's author publishes a version where a first name has 12 letters.
    const fixture = JSON.parse(
      await readFile(join(process.cwd(), 'fixtures', 'forms', 'DSG-loan-application.json'), 'utf8'),
    ) as { sections: { fields: { id: string; validation?: Record<string, unknown> }[] }[] };
    for (const section of fixture.sections) {
      for (const field of section.fields) {
        if (field.id === 'firstName') field.validation = { ...field.validation, minLength: 12 };
      }
    }
    await storeFormDefinition(server.database.db, {
      tenant: 'internal',
      id: 'DSG-loan-application',
      kind: 'designer',
      definition: fixture,
    });

    // When the application is submitted from the foot of the form.
    const submit = page.getByRole('button', { name: 'Soumettre la demande' });
    await submit.scrollIntoViewIfNeeded();
    const refusal = page.waitForResponse(
      (response) => response.url().includes('/action/complete') && response.status() === 422,
    );
    await submit.click();
    await refusal;

    // Then the first name shows the server's refusal in French, marked invalid, in view and
    // focused; no raw code is shown anywhere.
    const error = cellOf(page, 'firstName').locator('.tf-errors');
    await expect.poll(() => error.textContent()).toBe('Saisissez au moins 12 caractères.');
    await expect(control(page, 'firstName').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => focusedOn(page, 'firstName')).toBe(true);
    await expect.poll(() => inViewport(page, control(page, 'firstName'))).toBe(true);
    await page.getByText('Certains champs ont été refusés', { exact: false }).waitFor();
    await expect(page.getByText('validation.').count()).resolves.toBe(0);
    await page.screenshot({ path: join(SHOTS, 'refused-field-fr-1280.png') });

    // And what was typed is all still there.
    await expect(control(page, 'lastName').inputValue()).resolves.toBe('Franklin');

    // And a computed value, read-only, shows the keyboard focus with a visible ring.
    // (Blueprint shows focus rings once the keyboard is used: a Tab first.)
    const instalment = control(page, 'monthlyInstalment');
    await page.keyboard.press('Tab');
    await instalment.focus();
    await expect(
      instalment.evaluate((input) => {
        const style = getComputedStyle(input);
        return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      }),
    ).resolves.toBe('solid 2px rgb(31, 95, 153)');
    await instalment.screenshot({ path: join(SHOTS, 'formula-focus-fr.png') });
    await context.close();
  }, 240_000);
});

describe('a combined task', () => {
  it('given an incomplete customer file, then the list says where each part stands and completing from the decision opens the customer file', async () => {
    const { context, page } = await openPage(browser);
    page.setDefaultTimeout(60_000);
    await signIn(page);
    const id = await startLoanReview('Barbara McClintock');
    await openTask(page, id);
    const completions = watchCompletions(page);

    // Given the list of forms: the application done, the customer file with errors (it holds
    // values from the application but not its own required ones), the decision not started.
    await page.getByRole('button', { name: 'Back to list of forms' }).click();
    const list = page.getByTestId('combined-list');
    const item = (n: number) => list.locator('li').nth(n);
    await expect(item(0).textContent()).resolves.toContain('Done');
    await expect(item(1).textContent()).resolves.toContain('Has errors');
    await expect(item(2).textContent()).resolves.toContain('Not started');
    await page.screenshot({ path: join(SHOTS, 'combined-parts-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'combined-parts-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // When the decision is made and the review completed from part 3.
    await list.getByText('3. Supervisor decision').click();
    const progress = page.getByTestId('combined-progress');
    await expect.poll(() => progress.textContent()).toContain('Part 3 of 3');
    await cellOf(page, 'decision').getByText('Approve', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete review' }).click();

    // Then nothing is sent; part 2 opens with its missing fields marked, the first focused.
    await expect.poll(() => progress.textContent()).toContain('Part 2 of 3');
    await cellOf(page, 'nationality').getByText('This field is required.').waitFor();
    await expect.poll(() => focusedOn(page, 'fullName')).toBe(true);
    await page
      .getByText('The form “Customer file” is not complete yet.', { exact: false })
      .waitFor();
    expect(completions).toHaveLength(0);

    // And the list now says the decision is done and the customer file has errors.
    await page.getByRole('button', { name: 'Back to list of forms' }).click();
    await expect(item(1).textContent()).resolves.toContain('Has errors');
    await expect(item(2).textContent()).resolves.toContain('Done');
    await page.screenshot({ path: join(SHOTS, 'combined-parts-refused-1280.png') });
    await context.close();
  }, 240_000);
});
