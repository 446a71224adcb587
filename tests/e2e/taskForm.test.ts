import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_APPLICATION } from '../../server/forms/testing/formTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { launchBrowser, openPage } from '../helpers/browser';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const COLLEAGUE = 'amara.okafor@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';
/** Where the layout screenshots go, to be looked at after a run. */
const SHOTS = join(tmpdir(), 'shots');
/** The grid's column gap in CSS pixels (formRuntime.css). */
const COLUMN_GAP = 16;

let server: TestServer;
let browser: Browser;
let taskId = '';

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

/** Starts a loan application, completes its first task, and claims the review for the officer. */
async function startLoanReview(applicantName: string): Promise<string> {
  const applicationTaskId = await startLoanApplication(applicantName);
  const application = await server.app.engine.getTask('internal', applicationTaskId);
  // The review's first form is the application: filled in, as its own task required.
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

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
  // The loan application's first task is the initiator's, on the designer form DSG-loan-application.
  taskId = await startLoanApplication('Ada Lovelace');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs in on the login page and waits for the shell. */
async function signIn(page: Page, email = OFFICER): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.locator('#email').fill(email);
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

/** A box that must exist. */
async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box (not rendered).');
  return box;
}

/** Width of `span` columns of a 12-column grid `gridWidth` wide. */
function spanWidth(span: number, gridWidth: number): number {
  const column = (gridWidth - 11 * COLUMN_GAP) / 12;
  return span * column + (span - 1) * COLUMN_GAP;
}

/** Types a number and leaves the field, as a user does. */
async function typeNumber(page: Page, fieldId: string, value: string): Promise<void> {
  const input = control(page, fieldId);
  await input.fill(value);
  await input.blur();
}

/** Fills every required field of the loan application with a valid, affordable case. */
async function fillValidApplication(page: Page, firstName: string): Promise<void> {
  await control(page, 'firstName').fill(firstName);
  await control(page, 'lastName').fill('Lovelace');
  await control(page, 'dateOfBirth').fill('1985-12-10');
  await control(page, 'customerId').fill('CUS-004217');
  await cellOf(page, 'employmentStatus').getByText('Employed', { exact: true }).click();
  await control(page, 'loanProduct').selectOption({ label: 'Personal loan' });
  await typeNumber(page, 'loanAmount', '20000');
  await typeNumber(page, 'termMonths', '60');
  await typeNumber(page, 'monthlyIncome', '4200');
  await cellOf(page, 'consentCreditCheck').locator('label').click();
}

/** Whether the element's box lies inside the viewport. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await boxOf(locator);
  const height = await page.evaluate(() => window.innerHeight);
  return box.y >= 0 && box.y + box.height <= height;
}

/** Waits out the 100 ms debounce of the scroll to an error, then until the page stops moving. */
async function scrollSettled(page: Page): Promise<void> {
  await page.waitForTimeout(150);
  let last = await page.evaluate(() => window.scrollY);
  for (;;) {
    await page.waitForTimeout(120);
    const now = await page.evaluate(() => window.scrollY);
    if (now === last) return;
    last = now;
  }
}

/** Records the task-completion requests the page sends. */
function watchCompletions(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/action/complete')) {
      sent.push(request);
    }
  });
  return sent;
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

  it.each([
    // [viewport width, breakpoint, firstName span, lastName starts a row, dateOfBirth starts a row]
    [1280, 'desktop', 4, false, false],
    [900, 'tablet', 6, false, true],
    [375, 'phone', 12, true, true],
  ] as const)(
    'given the loan application at %i px wide, when it is shown, then its fields take their %s widths',
    async (width, _breakpoint, firstNameSpan, lastNameStartsRow, birthStartsRow) => {
      const { context, page } = await openPage(browser, { width });
      await signIn(page);
      const id = await startLoanApplication(`Layout ${width}`);

      // Given the designer form on a screen of this width.
      await openTask(page, id);
      await control(page, 'firstName').waitFor();
      const grid = await boxOf(page.locator('.tf-grid').first());

      // Then firstName spans its breakpoint's columns from the grid's left edge.
      const firstName = await boxOf(cellOf(page, 'firstName'));
      expect(firstName.x).toBeCloseTo(grid.x, 0);
      expect(Math.abs(firstName.width - spanWidth(firstNameSpan, grid.width))).toBeLessThan(2);

      // And lastName and dateOfBirth follow on the same row or start the next one.
      const lastName = await boxOf(cellOf(page, 'lastName'));
      const birth = await boxOf(cellOf(page, 'dateOfBirth'));
      if (lastNameStartsRow) {
        expect(lastName.x).toBeCloseTo(grid.x, 0);
        expect(lastName.y).toBeGreaterThan(firstName.y);
      } else {
        expect(lastName.y).toBeCloseTo(firstName.y, 0);
        expect(lastName.x).toBeCloseTo(firstName.x + firstName.width + COLUMN_GAP, 0);
      }
      if (birthStartsRow) {
        expect(birth.x).toBeCloseTo(grid.x, 0);
        expect(birth.y).toBeGreaterThan(lastName.y);
      } else {
        expect(birth.y).toBeCloseTo(firstName.y, 0);
        expect(birth.x + birth.width).toBeCloseTo(grid.x + grid.width, 0);
      }

      // And term and rate (2/3/6 columns) sit side by side at every width.
      const term = await boxOf(cellOf(page, 'termMonths'));
      const rate = await boxOf(cellOf(page, 'annualRate'));
      expect(rate.y).toBeCloseTo(term.y, 0);
      expect(rate.x).toBeCloseTo(term.x + term.width + COLUMN_GAP, 0);

      // And nothing sticks out sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.screenshot({ path: join(SHOTS, `form-${width}.png`), fullPage: true });
      await context.close();
    },
  );

  it('given an empty loan application, when submitted, then the first required field scrolls into view with its error', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanApplication('Empty Submit');
    await openTask(page, id);
    const completions = watchCompletions(page);

    // Given the submit button at the foot of the form, firstName above the viewport.
    const submit = page.getByRole('button', { name: 'Submit application' });
    await submit.scrollIntoViewIfNeeded();
    await expect(inViewport(page, control(page, 'firstName'))).resolves.toBe(false);

    // When the empty form is submitted.
    await submit.click();

    // Then firstName's required error shows and, after the debounce, it is in view and focused.
    const error = cellOf(page, 'firstName').locator('.tf-errors');
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe('This field is required.');
    await scrollSettled(page);
    await expect(inViewport(page, control(page, 'firstName'))).resolves.toBe(true);
    await expect(
      page.evaluate(() => document.activeElement?.id.endsWith('_firstName') ?? false),
    ).resolves.toBe(true);
    // And the other required fields show theirs; nothing was sent.
    await expect(cellOf(page, 'monthlyIncome').locator('.tf-errors').count()).resolves.toBe(1);
    expect(completions).toHaveLength(0);
    await context.close();
  });

  it('given an invalid email above and a missing required consent below, when submitted, then the required field is the one focused', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanApplication('Ranked Errors');
    await openTask(page, id);

    // Given everything valid but a malformed email (early in the form) and no consent (last).
    await fillValidApplication(page, 'Hedy');
    await control(page, 'consentCreditCheck').evaluate((input) => {
      if ((input as HTMLInputElement).checked) (input as HTMLInputElement).click();
    });
    await control(page, 'email').fill('hedy.at.example');

    // When submitted.
    await page.getByRole('button', { name: 'Submit application' }).click();

    // Then both errors show, and the required one wins the scroll and the focus.
    await cellOf(page, 'email').locator('.tf-errors').waitFor();
    await cellOf(page, 'consentCreditCheck').locator('.tf-errors').waitFor();
    await scrollSettled(page);
    await expect(
      page.evaluate(() => document.activeElement?.id.endsWith('_consentCreditCheck') ?? false),
    ).resolves.toBe(true);
    await expect(inViewport(page, control(page, 'email'))).resolves.toBe(false);
    await context.close();
  });

  it('given a complete application over the debt-to-income limit, when submitted, then the blocking message stops it and says why', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanApplication('Over Limit');
    await openTask(page, id);
    const completions = watchCompletions(page);

    // Given every required field filled, but an instalment far above 45 % of the income and
    // a malformed email (an ordinary error, earlier in the form).
    await fillValidApplication(page, 'Grace');
    await control(page, 'email').fill('grace.at.example');
    await typeNumber(page, 'loanAmount', '200000');
    await typeNumber(page, 'termMonths', '240');
    await typeNumber(page, 'monthlyIncome', '1000');
    const message = page.getByText(
      'The debt-to-income ratio is above 45 %. The application cannot be submitted.',
    );
    await message.waitFor();

    // When submitted.
    await page.getByRole('button', { name: 'Submit application' }).click();

    // Then the message is marked as blocking, its tooltip says why, and it (not the email
    // above it) is brought into view.
    const callout = page.locator('.tf-message-blocking');
    await callout.waitFor();
    await expect(callout.textContent()).resolves.toContain('debt-to-income ratio is above 45 %');
    await page.getByText('Resolve this message before submitting the form.').waitFor();
    await scrollSettled(page);
    await expect(inViewport(page, callout)).resolves.toBe(true);
    await expect(inViewport(page, control(page, 'email'))).resolves.toBe(false);
    // And no completion was sent, the page stays.
    await page.waitForTimeout(500);
    expect(completions).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe(`/process/task/${id}`);

    // When the income covers the instalment, then the message goes away.
    await typeNumber(page, 'monthlyIncome', '9000');
    await expect(message.count()).resolves.toBe(0);
    await context.close();
  });

  it('given the loan application, when the amount, term or income change, then the instalment and debt-to-income formulas follow', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanApplication('Formula Case');
    await openTask(page, id);
    const instalment = control(page, 'monthlyInstalment');
    const ratio = control(page, 'debtToIncome');

    // Given no amount yet (term 240 and rate 4.5 are defaults): no instalment.
    await expect(instalment.inputValue()).resolves.toBe('');

    // When an amount is typed, then the instalment is computed at once.
    await typeNumber(page, 'loanAmount', '100000');
    await expect.poll(() => instalment.inputValue()).toBe('632.65');

    // When the term shortens, then it follows.
    await typeNumber(page, 'termMonths', '120');
    await expect.poll(() => instalment.inputValue()).toBe('1 036.38');

    // When the income is known, then the debt-to-income ratio reads the instalment.
    await typeNumber(page, 'monthlyIncome', '5000');
    await expect.poll(() => ratio.inputValue()).toBe('0.2073');
    await typeNumber(page, 'otherMonthlyDebt', '500');
    await expect.poll(() => ratio.inputValue()).toBe('0.3073');
    await context.close();
  });

  it('given a valid application, when submitted, then the process moves on and the review appears for another loan officer', async () => {
    const officer = await openPage(browser);
    await signIn(officer.page);
    const id = await startLoanApplication('Marie Curie');
    await openTask(officer.page, id);
    const completions = watchCompletions(officer.page);

    // Given a valid, affordable application.
    await fillValidApplication(officer.page, 'Marie');

    // When submitted.
    await officer.page.getByRole('button', { name: 'Submit application' }).click();

    // Then the completion is sent once, the toast shows and the dashboard opens.
    await officer.page.getByText('The task was completed.').waitFor();
    await officer.page.waitForURL((url) => url.pathname === '/');
    expect(completions).toHaveLength(1);
    const task = await server.app.engine.getTask('internal', id);
    expect(task.state).toBe('completed');
    const variables = await server.app.engine.getVariables('internal', task.instanceId);
    expect(variables).toMatchObject({ firstName: 'Marie', loanAmount: 20000, termMonths: 60 });
    const [review] = await server.app.engine.listInstanceTasks('internal', task.instanceId, {
      completed: false,
    });
    expect(review?.elementId).toBe('loanReview');

    // And a colleague in loan-officers finds the review among the tasks they may claim.
    const colleague = await openPage(browser);
    await signIn(colleague.page, COLLEAGUE);
    await colleague.page.locator('[data-tab="candidate"]').click();
    await colleague.page.getByText('Review the application of Marie Curie').waitFor();

    // And when they claim it, its page opens on the combined review form.
    await colleague.page
      .locator(`[data-action="claim"][data-task-id="${review?.id ?? ''}"]`)
      .click();
    await colleague.page.getByTestId('combined-progress').waitFor();
    await expect(colleague.page.getByTestId('task-assignee').textContent()).resolves.toBe(
      'Amara Okafor',
    );
    await expect(colleague.page.getByTestId('task-title').textContent()).resolves.toBe(
      'Review the application of Marie Curie',
    );
    await officer.context.close();
    await colleague.context.close();
  });

  it('given the combined review task, when moving next and previous, then each form keeps its values, the server saved them, and only the last part completes it', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanReview('Rosalind Franklin');
    // Every form must be complete for the review to complete: the customer file's required
    // values (its picture, signature and upload among them) are saved as its draft
    // before the page opens.
    const customerFile = await page.evaluate(async (reviewId) => {
      const response = await fetch(`/api/task/app/rest/tasks/${reviewId}/draft`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          formId: 'DSG-customer-onboarding',
          values: {
            fullName: 'Rosalind Franklin',
            nationality: 'FR',
            idDocumentType: 'passport',
            idDocumentNumber: 'RF1920725',
            idPhoto: 'file-id-photo',
            customerSignature: { type: 'image/png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
            proofOfAddress: { id: 'file-proof', rows: [] },
            termsAccepted: true,
          },
        }),
      });
      return response.status;
    }, id);
    expect(customerFile).toBe(200);
    await openTask(page, id);

    // Given part 1 of 3, the application: its designer's own outcome buttons are not offered,
    // only the last part completes the review.
    const progress = page.getByTestId('combined-progress');
    await expect(progress.textContent()).resolves.toContain('Part 1 of 3');
    await expect(
      page.getByRole('button', { name: 'Submit application' }).isVisible(),
    ).resolves.toBe(false);
    await control(page, 'officerNotes').fill('Salary slips checked.');

    // When they go next, then part 2 shows (after the save and the pause).
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => progress.textContent()).toContain('Part 2 of 3');

    // And the server holds the first part's draft.
    const saved = await page.evaluate(async (taskIdToRead) => {
      const response = await fetch(`/api/query/v1/combined-user-task/${taskIdToRead}`);
      return (await response.json()) as unknown;
    }, id);
    expect(JSON.stringify(saved)).toContain('Salary slips checked.');

    // When they go back, then part 1 shows the value.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => progress.textContent()).toContain('Part 1 of 3');
    await expect(control(page, 'officerNotes').inputValue()).resolves.toBe('Salary slips checked.');

    // And after a reload the server's value is there, without a local draft to restore.
    await page.reload();
    await control(page, 'officerNotes').waitFor();
    await expect(control(page, 'officerNotes').inputValue()).resolves.toBe('Salary slips checked.');
    await expect(page.getByTestId('local-draft-offer').count()).resolves.toBe(0);

    // And the server, too, refuses to complete the review from part 1 with its own outcome.
    const fromFirstPart = await page.evaluate(async (reviewId) => {
      const response = await fetch(`/api/task/app/rest/tasks/${reviewId}/action/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          outcome: 'submitApplication',
          formId: 'DSG-loan-application',
          values: {
            firstName: 'Rosalind',
            lastName: 'Franklin',
            dateOfBirth: '1980-07-25',
            customerId: 'CUS-001920',
            employmentStatus: 'employed',
            loanProduct: 'personal',
            loanAmount: 20000,
            termMonths: 60,
            annualRate: 4.5,
            monthlyIncome: 4200,
            consentCreditCheck: true,
          },
        }),
      });
      return { status: response.status, body: await response.text() };
    }, id);
    expect(fromFirstPart.status).toBe(422);
    expect(fromFirstPart.body).toContain('formId');

    // When they pick the decision from the list of forms and complete the review.
    await page.getByRole('button', { name: 'Back to list of forms' }).click();
    await page.getByTestId('combined-list').getByText('3. Supervisor decision').click();
    await expect.poll(() => progress.textContent()).toContain('Part 3 of 3');
    // Without a decision the review is refused, the keyboard on the first choice.
    await page.getByRole('button', { name: 'Complete review' }).click();
    await cellOf(page, 'decision').getByText('This field is required.').waitFor();
    await scrollSettled(page);
    await expect(
      page.evaluate(() => {
        const active = document.activeElement;
        return active instanceof HTMLInputElement && active.type === 'radio'
          ? active.closest('[role="radiogroup"]')?.id.endsWith('_decision') === true
          : false;
      }),
    ).resolves.toBe(true);
    await cellOf(page, 'decision').getByText('Approve', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete review' }).click();

    // Then the application is accepted, with the notes of part 1 among its variables.
    await page.getByText('The task was completed.').waitFor();
    const review = await server.app.engine.getTask('internal', id);
    const instance = await server.app.engine.getInstance('internal', review.instanceId);
    expect(instance.status).toBe('Completed');
    expect(instance.variables).toMatchObject({
      decision: 'approved',
      officerNotes: 'Salary slips checked.',
    });
    await context.close();
  });

  it('given a changed form, when the back button is pressed, then a dialog asks; stay keeps the page, leave goes, and after a save nothing asks', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanApplication('Guarded Back');
    await openTask(page, id);
    const back = page.getByTestId('task-back');

    // Given a change.
    await control(page, 'firstName').fill('Emmy');

    // When back is pressed, then the dialog asks; Stay keeps the page and the value.
    await back.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Unsaved changes' }).waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/process/task/${id}`);
    await expect(control(page, 'firstName').inputValue()).resolves.toBe('Emmy');

    // When back is pressed and Leave confirmed, then the dashboard opens.
    await back.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Given the form changed again and saved.
    await openTask(page, id);
    // The left change is still offered from the local draft; the user discards it.
    await page.getByTestId('local-draft-discard').click();
    await control(page, 'firstName').fill('Emmy');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // When the task is opened again and back is pressed, then it leaves without asking.
    await openTask(page, id);
    await expect(control(page, 'firstName').inputValue()).resolves.toBe('Emmy');
    await back.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await context.close();
  });

  it('given a changed form, when the browser’s Back or a drawer link leads away, then the same dialog asks first', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanApplication('Guarded Links');
    const task = await server.app.engine.getTask('internal', id);

    // Given the task opened from its instance page, inside the app, and a change.
    await page.goto(`${server.url}/process/instance/${task.instanceId}`);
    await page.locator(`a[data-task-id="${id}"]`).click();
    await page.getByTestId('task-form').waitFor();
    await control(page, 'firstName').fill('Grace');

    // When the browser goes back, then the dialog asks; Stay keeps the page and the value.
    const dialog = page.getByRole('dialog');
    await page.evaluate(() => window.history.back());
    await dialog.getByRole('heading', { name: 'Unsaved changes' }).waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/process/task/${id}`);
    await expect(control(page, 'firstName').inputValue()).resolves.toBe('Grace');

    // When the drawer's Dashboard link is clicked, then it asks too, and Leave goes there.
    await page.locator('.tessera-nav__items a[href="/"]').click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('given a combined task part saved by Next, when back is pressed, then it leaves without asking', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    const id = await startLoanReview('Lise Meitner');
    await openTask(page, id);

    // Given a change in part 1, saved by moving on.
    await control(page, 'officerNotes').fill('Employer confirmed by phone.');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.getByTestId('combined-progress').textContent())
      .toContain('Part 2 of 3');

    // When back is pressed, then the dashboard opens with no dialog.
    await page.getByTestId('task-back').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await context.close();
  });

  it('given a team member’s task, when their supervisor opens it, then the form is read-only and offers no outcomes', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, SUPERVISOR);
    const id = await startLoanApplication('Read Only');

    // When the supervisor opens the officer's task.
    await openTask(page, id);
    await control(page, 'firstName').waitFor();

    // Then nothing can be typed or pressed but the formulas' copy buttons.
    await expect(
      page.locator('.tf-task-form :is(input, textarea):not([readonly]):not([disabled])').count(),
    ).resolves.toBe(0);
    await expect(page.locator('.tf-task-form select:not([disabled])').count()).resolves.toBe(0);
    await expect(page.locator('.tf-outcome-bar, .tf-outcomes').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Submit application' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('given a team member’s task opened from the team view, when the supervisor changes its assignee there, then the header names the new one and back returns to the team view', async () => {
    const { context, page } = await openPage(browser);
    const id = await startLoanApplication('Change Of Hands');
    await signIn(page, SUPERVISOR);

    // Given the task opened from its details in the team view.
    await page.locator('[data-tab="team"]').click();
    await page.locator('.tessera-pager select').selectOption('200');
    await page.locator(`[data-action="details"][data-task-id="${id}"]`).click();
    await page.getByTestId('detail-open-task').click();
    await page.getByTestId('task-form').waitFor();
    await expect(page.getByTestId('task-assignee').textContent()).resolves.toContain(
      'Lucas Martin',
    );

    // When the supervisor changes the assignee from the header.
    await page.getByRole('button', { name: 'Change the assignee' }).click();
    await page.locator('[data-user-id="jmorales"]').click();
    await page.locator('[data-testid="reassign-continue"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign' }).click();

    // Then it is done, the header says so and the server agrees.
    await page.getByText('Reassigned successfully.').waitFor();
    await expect
      .poll(() => page.getByTestId('task-assignee').textContent())
      .toContain('Javier Morales');
    await expect(server.app.engine.getTask('internal', id)).resolves.toMatchObject({
      assignee: 'jmorales',
    });

    // And back leads to the team view.
    await page.getByTestId('task-back').click();
    await page.getByRole('tab', { name: /My team/, selected: true }).waitFor();

    // While the same task opened by its address, without the flag, offers no change.
    await openTask(page, id);
    await expect(page.getByTestId('task-change-assignee').count()).resolves.toBe(0);
    await context.close();
  });

  it('given French chosen on the sign-in page, when the loan application opens, then its labels, sections and errors are in French', async () => {
    const { context, page } = await openPage(browser, { locale: 'en-GB' });
    const id = await startLoanApplication('Langue Française');

    // Given French chosen before signing in.
    await page.goto(`${server.url}/login`);
    await page.locator('#public-language').selectOption('fr');
    await page.locator('#email').fill(OFFICER);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.locator('[data-testid="tab-count-assigned"]').waitFor();

    // When the task opens.
    await openTask(page, id);

    // Then labels, section titles and outcomes are French.
    await expect(page.locator(`label[for$="_firstName"]`).textContent()).resolves.toBe('Prénom');
    await page.getByRole('heading', { name: 'Demandeur' }).waitFor();
    await page.getByRole('radio', { name: 'Salarié' }).waitFor();
    const submit = page.getByRole('button', { name: 'Soumettre la demande' });
    await submit.waitFor();

    // And a refused submit explains in French.
    await submit.click();
    await cellOf(page, 'firstName').getByText('Ce champ est obligatoire.').waitFor();
    await context.close();
  });
});
