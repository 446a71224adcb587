import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FilePath } from '../../schemas/api/filesConstants';
import { openPage } from '../helpers/browser';
import { minimalPdf, whitePng } from '../helpers/testFiles';
import { startLoanApplication, startLoanReview } from '../helpers/loanApplication';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn, submitSignIn, waitForSignedIn } from '../helpers/signIn';
import {
  fieldCell,
  fieldControl,
  inViewport,
  openTaskPage,
  watchCompletions,
} from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const COLLEAGUE = 'amara.okafor@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';
/** Where the layout screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder();
/** The grid's column gap in CSS pixels (formRuntime.css). */
// The cells' own 16 px side padding is the gutter (spec 001 section 9): cell boxes touch.
const COLUMN_GAP = 0;

const e2e = setUpServerAndBrowser();
let taskId = '';

/** The first task (the designer form) of a loan application the officer has just started. */
async function officerApplication(applicantName: string): Promise<string> {
  return (await startLoanApplication(e2e.server, OFFICER_ID, applicantName)).task.id;
}

/** A loan review claimed by the officer, the application before it filled in. */
async function officerReview(applicantName: string): Promise<string> {
  return (await startLoanReview(e2e.server, OFFICER_ID, applicantName)).id;
}

beforeAll(async () => {
  // The loan application's first task is the initiator's, on the designer form DSG-loan-application.
  taskId = await officerApplication('Ada Lovelace');
});

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
  const input = fieldControl(page, fieldId);
  await input.fill(value);
  await input.blur();
}

/** Fills every required field of the loan application with a valid, affordable case. */
async function fillValidApplication(page: Page, firstName: string): Promise<void> {
  await fieldControl(page, 'firstName').fill(firstName);
  await fieldControl(page, 'lastName').fill('Lovelace');
  await fieldControl(page, 'dateOfBirth').pressSequentially('10/12/1985');
  await fieldControl(page, 'customerId').fill('CUS-004217');
  await fieldCell(page, 'employmentStatus').getByText('Employed', { exact: true }).click();
  await fieldControl(page, 'loanProduct').selectOption({ label: 'Personal loan' });
  await typeNumber(page, 'loanAmount', '20000');
  await typeNumber(page, 'termMonths', '60');
  await typeNumber(page, 'monthlyIncome', '4200');
  await fieldCell(page, 'consentCreditCheck').locator('label').click();
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

describe('task form', () => {
  it('given an assigned designer-form task, when typing, reloading and saving, then the draft is kept and the save returns to the dashboard', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);

    // Given the officer's task page.
    await page.goto(`${e2e.server.url}/process/task/${taskId}`);
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
    await page.locator('.bp6-toast').getByText('The task was saved.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    // And the server kept the value: the page opens with it and no draft is offered.
    await page.goto(`${e2e.server.url}/process/task/${taskId}`);
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
      const { context, page } = await openPage(e2e.browser, { width });
      await signIn(page, e2e.server.url, OFFICER);
      const id = await officerApplication(`Layout ${width}`);

      // Given the designer form on a screen of this width.
      await openTaskPage(page, e2e.server.url, id);
      await fieldControl(page, 'firstName').waitFor();
      const grid = await boxOf(page.locator('.tf-grid').first());

      // Then firstName spans its breakpoint's columns from the grid's left edge.
      const firstName = await boxOf(fieldCell(page, 'firstName'));
      expect(firstName.x).toBeCloseTo(grid.x, 0);
      expect(Math.abs(firstName.width - spanWidth(firstNameSpan, grid.width))).toBeLessThan(2);

      // And lastName and dateOfBirth follow on the same row or start the next one.
      const lastName = await boxOf(fieldCell(page, 'lastName'));
      const birth = await boxOf(fieldCell(page, 'dateOfBirth'));
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
      const term = await boxOf(fieldCell(page, 'termMonths'));
      const rate = await boxOf(fieldCell(page, 'annualRate'));
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
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Empty Submit');
    await openTaskPage(page, e2e.server.url, id);
    const completions = watchCompletions(page);

    // Given the submit button at the foot of the form, firstName above the viewport.
    const submit = page.getByRole('button', { name: 'Submit application' });
    await submit.scrollIntoViewIfNeeded();
    await expect(inViewport(page, fieldControl(page, 'firstName'))).resolves.toBe(false);

    // When the empty form is submitted.
    await submit.click();

    // Then firstName's required error shows and, after the debounce, it is in view and focused.
    const error = fieldCell(page, 'firstName').locator('.tf-errors');
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe('This field is required.');
    await scrollSettled(page);
    await expect(inViewport(page, fieldControl(page, 'firstName'))).resolves.toBe(true);
    await expect(
      page.evaluate(() => document.activeElement?.id.endsWith('_firstName') ?? false),
    ).resolves.toBe(true);
    // And the other required fields show theirs; nothing was sent.
    await expect(fieldCell(page, 'monthlyIncome').locator('.tf-errors').count()).resolves.toBe(1);
    expect(completions).toHaveLength(0);
    await context.close();
  });

  it('given an invalid email above and a missing required consent below, when submitted, then the required field is the one focused', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Ranked Errors');
    await openTaskPage(page, e2e.server.url, id);

    // Given everything valid but a malformed email (early in the form) and no consent (last).
    await fillValidApplication(page, 'Hedy');
    await fieldControl(page, 'consentCreditCheck').evaluate((input) => {
      if ((input as HTMLInputElement).checked) (input as HTMLInputElement).click();
    });
    await fieldControl(page, 'email').fill('hedy.at.example');

    // When submitted.
    await page.getByRole('button', { name: 'Submit application' }).click();

    // Then both errors show, and the required one wins the scroll and the focus.
    await fieldCell(page, 'email').locator('.tf-errors').waitFor();
    await fieldCell(page, 'consentCreditCheck').locator('.tf-errors').waitFor();
    await scrollSettled(page);
    await expect(
      page.evaluate(() => document.activeElement?.id.endsWith('_consentCreditCheck') ?? false),
    ).resolves.toBe(true);
    await expect(inViewport(page, fieldControl(page, 'email'))).resolves.toBe(false);
    await context.close();
  });

  it('given a complete application over the debt-to-income limit, when submitted, then the blocking message stops it and says why', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Over Limit');
    await openTaskPage(page, e2e.server.url, id);
    const completions = watchCompletions(page);

    // Given every required field filled, but an instalment far above 45 % of the income and
    // a malformed email (an ordinary error, earlier in the form).
    await fillValidApplication(page, 'Grace');
    await fieldControl(page, 'email').fill('grace.at.example');
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
    // (The error summary above the form lists the same words as a link to the message.)
    await page
      .locator('.bp6-tooltip', { hasText: 'Resolve this message before submitting the form.' })
      .waitFor();
    await scrollSettled(page);
    await expect(inViewport(page, callout)).resolves.toBe(true);
    await expect(inViewport(page, fieldControl(page, 'email'))).resolves.toBe(false);
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
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Formula Case');
    await openTaskPage(page, e2e.server.url, id);
    const instalment = fieldControl(page, 'monthlyInstalment');
    const ratio = fieldControl(page, 'debtToIncome');

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
    // A no-break space keeps the sign with its number.
    await expect.poll(() => ratio.inputValue()).toMatch(/^20\.73\s%$/);
    await typeNumber(page, 'otherMonthlyDebt', '500');
    await expect.poll(() => ratio.inputValue()).toMatch(/^30\.73\s%$/);
    await context.close();
  });

  it('given a valid application, when submitted, then the process moves on and the review appears for another loan officer', async () => {
    const officer = await openPage(e2e.browser);
    await signIn(officer.page, e2e.server.url, OFFICER);
    const id = await officerApplication('Marie Curie');
    await openTaskPage(officer.page, e2e.server.url, id);
    const completions = watchCompletions(officer.page);

    // Given a valid, affordable application.
    await fillValidApplication(officer.page, 'Marie');

    // When submitted.
    await officer.page.getByRole('button', { name: 'Submit application' }).click();

    // Then the completion is sent once, the toast shows and the dashboard opens.
    await officer.page.locator('.bp6-toast').getByText('The task was completed.').waitFor();
    await officer.page.waitForURL((url) => url.pathname === '/');
    expect(completions).toHaveLength(1);
    const task = await e2e.server.app.engine.getTask('internal', id);
    expect(task.state).toBe('completed');
    const variables = await e2e.server.app.engine.getVariables('internal', task.instanceId);
    expect(variables).toMatchObject({ firstName: 'Marie', loanAmount: 20000, termMonths: 60 });
    const [review] = await e2e.server.app.engine.listInstanceTasks('internal', task.instanceId, {
      completed: false,
    });
    expect(review?.elementId).toBe('loanReview');

    // And a colleague in loan-officers finds the review among the tasks they may claim.
    const colleague = await openPage(e2e.browser);
    await signIn(colleague.page, e2e.server.url, COLLEAGUE);
    await colleague.page.locator('[data-tab="candidate"]').click();
    await colleague.page.getByText('Review the application of Marie Lovelace').waitFor();

    // And when they claim it, its page opens on the combined review form.
    await colleague.page
      .locator(`[data-action="claim"][data-task-id="${review?.id ?? ''}"]`)
      .click();
    await colleague.page.getByTestId('combined-progress').waitFor();
    await expect(colleague.page.getByTestId('task-assignee').textContent()).resolves.toBe(
      'Amara Okafor',
    );
    await expect(colleague.page.getByTestId('task-title').textContent()).resolves.toBe(
      'Review the application of Marie Lovelace',
    );
    await officer.context.close();
    await colleague.context.close();
  });

  it('given the combined review task, when moving next and previous, then each form keeps its values, the server saved them, and only the last part completes it', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerReview('Rosalind Franklin');
    // Every form must be complete for the review to complete: the customer file's required
    // values are saved as its draft before the page opens, its ID photo, signature and
    // proof of address uploaded to the review's own file store first (a form names only its
    // task's files).
    const files = {
      signature: (await whitePng()).toString('base64'),
      proof: minimalPdf().toString('base64'),
    };
    const customerFile = await page.evaluate(
      async ({ reviewId, files: encoded, uploadPath }) => {
        const upload = async (kind: string, name: string, type: string, base64: string) => {
          const form = new FormData();
          form.append('taskId', reviewId);
          form.append('kind', kind);
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          form.append('file', new Blob([bytes], { type }), name);
          const answer = await fetch(uploadPath, { method: 'POST', body: form });
          return ((await answer.json()) as { result: { id: string } }).result.id;
        };
        const photoId = await upload('picture', 'id-photo.png', 'image/png', encoded.signature);
        const signatureId = await upload(
          'signature',
          'signature.png',
          'image/png',
          encoded.signature,
        );
        const proofId = await upload(
          'spreadsheet',
          'utility-bill.pdf',
          'application/pdf',
          encoded.proof,
        );
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
              idPhoto: photoId,
              customerSignature: signatureId,
              proofOfAddress: { id: proofId, fileName: 'utility-bill.pdf' },
              termsAccepted: true,
            },
          }),
        });
        return response.status;
      },
      { reviewId: id, files, uploadPath: FilePath.upload },
    );
    expect(customerFile).toBe(200);
    await openTaskPage(page, e2e.server.url, id);

    // Given part 1 of 3, the application: its designer's own outcome buttons are not offered,
    // only the last part completes the review.
    const progress = page.getByTestId('combined-progress');
    await expect(progress.textContent()).resolves.toContain('Part 1 of 3');
    await expect(
      page.getByRole('button', { name: 'Submit application' }).isVisible(),
    ).resolves.toBe(false);
    await fieldControl(page, 'officerNotes').fill('Salary slips checked.');

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
    await expect(fieldControl(page, 'officerNotes').inputValue()).resolves.toBe(
      'Salary slips checked.',
    );

    // And after a reload the server's value is there, without a local draft to restore.
    await page.reload();
    await fieldControl(page, 'officerNotes').waitFor();
    await expect(fieldControl(page, 'officerNotes').inputValue()).resolves.toBe(
      'Salary slips checked.',
    );
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
    await fieldCell(page, 'decision').getByText('This field is required.').waitFor();
    await scrollSettled(page);
    await expect(
      page.evaluate(() => {
        const active = document.activeElement;
        return active instanceof HTMLInputElement && active.type === 'radio'
          ? active.closest('[role="radiogroup"]')?.id.endsWith('_decision') === true
          : false;
      }),
    ).resolves.toBe(true);
    await fieldCell(page, 'decision').getByText('Approve', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete review' }).click();

    // Then the application is accepted, with the notes of part 1 among its variables.
    await page.locator('.bp6-toast').getByText('The task was completed.').waitFor();
    const review = await e2e.server.app.engine.getTask('internal', id);
    const instance = await e2e.server.app.engine.getInstance('internal', review.instanceId);
    expect(instance.status).toBe('Completed');
    expect(instance.variables).toMatchObject({
      decision: 'approved',
      officerNotes: 'Salary slips checked.',
    });
    await context.close();
  });

  it('given a changed form, when the back button is pressed, then a dialog asks; stay keeps the page, leave goes, and after a save nothing asks', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Guarded Back');
    await openTaskPage(page, e2e.server.url, id);
    const back = page.getByTestId('task-back');

    // Given a change.
    await fieldControl(page, 'firstName').fill('Emmy');

    // When back is pressed, then the dialog asks; Stay keeps the page and the value.
    await back.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Unsaved changes' }).waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/process/task/${id}`);
    await expect(fieldControl(page, 'firstName').inputValue()).resolves.toBe('Emmy');

    // When back is pressed and Leave confirmed, then the dashboard opens.
    await back.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Given the form changed again and saved.
    await openTaskPage(page, e2e.server.url, id);
    // The left change is still offered from the local draft; the user discards it.
    await page.getByTestId('local-draft-discard').click();
    await fieldControl(page, 'firstName').fill('Emmy');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // When the task is opened again and back is pressed, then it leaves without asking.
    await openTaskPage(page, e2e.server.url, id);
    await expect(fieldControl(page, 'firstName').inputValue()).resolves.toBe('Emmy');
    await back.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await context.close();
  });

  it('given the unsaved-changes dialog still opening, when Stay is pressed where it first shows, then the click is not lost', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Quick Stay');
    await openTaskPage(page, e2e.server.url, id);
    await fieldControl(page, 'firstName').fill('Emmy');

    // Given the dialog's first painted frame: where Stay shows when the person aims at it.
    // The page watches from before the back button is pressed, frame by frame.
    const firstFrame = page.evaluate(
      (label) =>
        new Promise<{ x: number; y: number; opening: boolean }>((resolve) => {
          const look = (): void => {
            const stay = [...document.querySelectorAll('.bp6-dialog button')].find(
              (button) => button.textContent === label,
            );
            if (!stay) {
              requestAnimationFrame(look);
              return;
            }
            const box = stay.getBoundingClientRect();
            const container = stay.closest('.bp6-dialog-container');
            resolve({
              x: box.x + box.width / 2,
              y: box.y + box.height / 2,
              opening: /overlay-(appear|enter)/.test(container?.className ?? ''),
            });
          };
          look();
        }),
      'Stay',
    );
    await page.getByTestId('task-back').click();
    const aim = await firstFrame;
    // The press starts while the dialog is still opening, which is what this test is about.
    expect(aim.opening).toBe(true);

    // When the person presses there, holds while the dialog finishes opening, and lets go.
    await page.mouse.move(aim.x, aim.y);
    await page.mouse.down();
    await page.waitForFunction(() => {
      const container = document.querySelector('.bp6-dialog-container');
      return (
        container !== null &&
        !/overlay-(appear|enter)(-active)?(\s|$)/.test(container.className) &&
        document.getAnimations().every((animation) => animation.playState !== 'running')
      );
    });
    await page.mouse.up();

    // Then the dialog closes and the page keeps the value: the click reached Stay.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/process/task/${id}`);
    await expect(fieldControl(page, 'firstName').inputValue()).resolves.toBe('Emmy');
    await context.close();
  });

  it('given a changed form, when the browser’s Back or a drawer link leads away, then the same dialog asks first', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerApplication('Guarded Links');
    const task = await e2e.server.app.engine.getTask('internal', id);

    // Given the task opened from its instance page, inside the app, and a change.
    await page.goto(`${e2e.server.url}/process/instance/${task.instanceId}`);
    await page.locator(`a[data-task-id="${id}"]`).click();
    await page.getByTestId('task-form').waitFor();
    await fieldControl(page, 'firstName').fill('Grace');

    // When the browser goes back, then the dialog asks; Stay keeps the page and the value.
    const dialog = page.getByRole('dialog');
    await page.evaluate(() => window.history.back());
    await dialog.getByRole('heading', { name: 'Unsaved changes' }).waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/process/task/${id}`);
    await expect(fieldControl(page, 'firstName').inputValue()).resolves.toBe('Grace');

    // When the drawer's Dashboard link is clicked, then it asks too, and Leave goes there.
    await page.locator('.tessera-nav__items a[href="/"]').click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('given a combined task part saved by Next, when back is pressed, then it leaves without asking', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const id = await officerReview('Lise Meitner');
    await openTaskPage(page, e2e.server.url, id);

    // Given a change in part 1, saved by moving on.
    await fieldControl(page, 'officerNotes').fill('Employer confirmed by phone.');
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
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);
    const id = await officerApplication('Read Only');

    // When the supervisor opens the officer's task.
    await openTaskPage(page, e2e.server.url, id);
    await fieldControl(page, 'firstName').waitFor();

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
    const { context, page } = await openPage(e2e.browser);
    const id = await officerApplication('Change Of Hands');
    await signIn(page, e2e.server.url, SUPERVISOR);

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
    await page.locator('.bp6-toast').getByText('Reassigned successfully.').waitFor();
    await expect
      .poll(() => page.getByTestId('task-assignee').textContent())
      .toContain('Javier Morales');
    await expect(e2e.server.app.engine.getTask('internal', id)).resolves.toMatchObject({
      assignee: 'jmorales',
    });

    // And back leads to the team view.
    await page.getByTestId('task-back').click();
    await page.getByRole('tab', { name: /My team/, selected: true }).waitFor();
    await context.close();
  });

  it('given French chosen on the sign-in page, when the loan application opens, then its labels, sections and errors are in French', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    const id = await officerApplication('Langue Française');

    // Given French chosen before signing in.
    await page.goto(`${e2e.server.url}/login`);
    await page.locator('#public-language').selectOption('fr');
    await submitSignIn(page, OFFICER);
    await waitForSignedIn(page);

    // When the task opens.
    await openTaskPage(page, e2e.server.url, id);

    // Then labels, section titles and outcomes are French.
    await expect(page.locator(`label[for$="_firstName"]`).textContent()).resolves.toBe('Prénom');
    await page.getByRole('heading', { name: 'Demandeur' }).waitFor();
    await page.getByRole('radio', { name: 'Salarié' }).waitFor();
    const submit = page.getByRole('button', { name: 'Soumettre la demande' });
    await submit.waitFor();

    // And a refused submit explains in French.
    await submit.click();
    await fieldCell(page, 'firstName').getByText('Ce champ est obligatoire.').waitFor();
    await context.close();
  });
});
