import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { projectPath } from '../../server/paths';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { openPage } from '../helpers/browser';
import { startLoanApplication, startLoanReview } from '../helpers/loanApplication';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import {
  fieldCell,
  fieldControl,
  inViewport,
  openTaskPage,
  watchCompletions,
} from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder('task-form-refusals');

const e2e = setUpServerAndBrowser();

/** The id of the focused element ends with the field id. */
function focusedOn(page: Page, fieldId: string): Promise<boolean> {
  return page.evaluate((id) => document.activeElement?.id.endsWith(`_${id}`) ?? false, fieldId);
}

/** The application form as the demo ships it. */
async function shippedApplicationForm(): Promise<Record<string, unknown>> {
  const text = await readFile(
    projectPath('fixtures', 'forms', 'DSG-loan-application.json'),
    'utf8',
  );
  return JSON.parse(text) as Record<string, unknown>;
}

/** Publishes a version of the application form, as its author would. */
async function publishApplicationForm(definition: Record<string, unknown>): Promise<void> {
  const { db } = e2e.server.database;
  await storeFormDefinition(db, {
    tenant: 'internal',
    id: 'DSG-loan-application',
    kind: 'designer',
    definition,
  });
  // A process version keeps the form versions it was deployed with; here the server must
  // judge by the new one, as a case whose form changed under it would be.
  const newest = await db
    .selectFrom('form_definitions')
    .select(({ fn }) => fn.max('version').as('version'))
    .where('tenant', '=', 'internal')
    .where('id', '=', 'DSG-loan-application')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('process_definition_forms')
    .set({ form_version: newest.version })
    .where('tenant', '=', 'internal')
    .where('form_id', '=', 'DSG-loan-application')
    .execute();
}

describe('the server refuses a form', () => {
  // A test may publish a stricter version of the application form; the next one starts from
  // the form as the demo ships it.
  afterEach(async () => {
    await publishApplicationForm(await shippedApplicationForm());
  });

  it('given a form republished with a stricter rule while it was open, when submitted in French, then the refused field is marked, translated, and focused', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, OFFICER);
    const id = (await startLoanApplication(e2e.server, OFFICER_ID, 'Rosalind Franklin')).task.id;
    await openTaskPage(page, e2e.server.url, id);

    // Given the application filled in as the form on screen allows.
    await fieldControl(page, 'firstName').fill('Rosalind');
    await fieldControl(page, 'lastName').fill('Franklin');
    await fieldControl(page, 'dateOfBirth').pressSequentially('25/07/1980');
    await fieldControl(page, 'customerId').fill('CUS-001920');
    await fieldCell(page, 'employmentStatus').locator('label.bp6-radio').first().click();
    await fieldControl(page, 'loanProduct').selectOption({ label: 'Prêt personnel' });
    for (const [fieldId, value] of [
      ['loanAmount', '20000'],
      ['termMonths', '60'],
      ['monthlyIncome', '4200'],
    ] as const) {
      await fieldControl(page, fieldId).fill(value);
      await fieldControl(page, fieldId).blur();
    }
    await fieldCell(page, 'consentCreditCheck').locator('label').click();

    // And meanwhile the form's author publishes a version where a first name has 12 letters.
    const fixture = (await shippedApplicationForm()) as {
      sections: { fields: { id: string; validation?: Record<string, unknown> }[] }[];
    };
    for (const section of fixture.sections) {
      for (const field of section.fields) {
        if (field.id === 'firstName') field.validation = { ...field.validation, minLength: 12 };
      }
    }
    await publishApplicationForm(fixture);

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
    const error = fieldCell(page, 'firstName').locator('.tf-errors');
    await expect.poll(() => error.textContent()).toBe('Saisissez au moins 12 caractères.');
    await expect(fieldControl(page, 'firstName').getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await expect.poll(() => focusedOn(page, 'firstName')).toBe(true);
    await expect.poll(() => inViewport(page, fieldControl(page, 'firstName'))).toBe(true);
    await page.getByText('Certains champs ont été refusés', { exact: false }).waitFor();
    await expect(page.getByText('validation.').count()).resolves.toBe(0);
    await page.screenshot({ path: join(SHOTS, 'refused-field-fr-1280.png') });

    // And what was typed is all still there.
    await expect(fieldControl(page, 'lastName').inputValue()).resolves.toBe('Franklin');

    // And a computed value, read-only, shows the keyboard focus with a visible ring.
    // (Blueprint shows focus rings once the keyboard is used: a Tab first.)
    const instalment = fieldControl(page, 'monthlyInstalment');
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
    const { context, page } = await openPage(e2e.browser);
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, OFFICER);
    const id = (await startLoanReview(e2e.server, OFFICER_ID, 'Barbara McClintock')).id;
    await openTaskPage(page, e2e.server.url, id);
    const completions = watchCompletions(page);

    // Given the list of forms: the application done, the customer file in progress (it holds
    // values from the application but not its own required ones, and was never checked: no
    // errors to speak of yet), the decision not started.
    await page.getByRole('button', { name: 'Back to list of forms' }).click();
    const list = page.getByTestId('combined-list');
    const item = (n: number) => list.locator('li').nth(n);
    await expect(item(0).textContent()).resolves.toContain('Done');
    await expect(item(1).textContent()).resolves.toContain('In progress');
    await expect(item(2).textContent()).resolves.toContain('Not started');
    await page.screenshot({ path: join(SHOTS, 'combined-parts-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'combined-parts-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // When the decision is made and the review completed from part 3.
    await list.getByText('3. Supervisor decision').click();
    const progress = page.getByTestId('combined-progress');
    await expect.poll(() => progress.textContent()).toContain('Part 3 of 3');
    await fieldCell(page, 'decision').getByText('Approve', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete review' }).click();

    // Then nothing is sent; part 2 opens with its missing fields marked, the first focused.
    await expect.poll(() => progress.textContent()).toContain('Part 2 of 3');
    await fieldCell(page, 'nationality').getByText('This field is required.').waitFor();
    await expect.poll(() => focusedOn(page, 'fullName')).toBe(true);
    await page
      .locator('.bp6-toast')
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
