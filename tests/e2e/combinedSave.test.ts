import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FormPath } from '../../schemas/api/forms';
import { openPage } from '../helpers/browser';
import { describeFocus, tabTo } from '../helpers/keyboard';
import { startLoanReview } from '../helpers/loanApplication';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, fieldControl, openTaskPage } from '../helpers/taskPage';
import { localeText as text } from '../helpers/localeText';

// Spec 001 sections 3 and 4 (issue 13, line 6): a save inside a combined (CUT-) task shows
// tasks.savedForm and the user stays on the task, where a single form's save returns to "/".
// The demo's combined task is the loan review (CUT-loan-review): the application, the
// customer file and the supervisor's decision; the decision, its last part, offers Save.

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Position of the supervisor's decision among the loan review's parts. */
const DECISION_PART = 2;

const e2e = setUpServerAndBrowser();

/** "Part n of m" in the language, as the progress header says it. */
async function partOf(language: string, n: number, m: number): Promise<string> {
  return (await text(language, 'taskForm', 'partOf'))
    .replace('{{n}}', String(n))
    .replace('{{m}}', String(m));
}

/** Moves on to the next part with the keyboard: Tab to Next, then Enter. */
async function nextPart(page: Page, language: string, to: number): Promise<void> {
  await tabTo(page, { selector: 'button', text: await text(language, 'taskForm', 'next') });
  await page.keyboard.press('Enter');
  const progress = page.getByTestId('combined-progress');
  await expect.poll(() => progress.textContent()).toContain(await partOf(language, to, 3));
}

/** The values the server holds for one part of a combined task, read as the page reads them. */
async function serverValuesOfPart(
  page: Page,
  taskId: string,
  index: number,
): Promise<Record<string, unknown>> {
  const answer = await page.evaluate(async (path) => {
    const response = await fetch(path);
    return { status: response.status, body: (await response.json()) as unknown };
  }, FormPath.combinedTask(taskId));
  expect(answer.status).toBe(200);
  const forms = (answer.body as { forms: { index: number; values: Record<string, unknown> }[] })
    .forms;
  const part = forms.find((form) => form.index === index);
  if (!part) throw new Error(`The combined task has no part ${index}.`);
  return part.values;
}

/** Whether the focus is on an element inside the task's form, not lost to the page body. */
function focusInTaskForm(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return document.querySelector('[data-testid="task-form"]')?.contains(active) === true;
  });
}

describe('spec 001 sections 3 and 4: a save inside a combined task', () => {
  it('spec 001 sections 3 and 4: given a combined (CUT) task, when a part is saved with the keyboard, then tasks.savedForm shows and the page stays, the focus on the page, and the server keeps the part', async () => {
    const review = await startLoanReview(e2e.server, OFFICER_ID, 'Dorothy Hodgkin');
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, review.id);
      const taskPath = `/process/task/${review.id}`;

      // Given the loan review's last part, the supervisor's decision, reached with Next.
      await fieldControl(page, 'officerNotes').waitFor();
      await fieldControl(page, 'officerNotes').focus();
      await nextPart(page, 'en', 2);
      await nextPart(page, 'en', 3);
      const decision = fieldCell(page, 'decision');
      await decision.waitFor();

      // When the decision is filled in with the keyboard: Approve chosen with Space, then
      // the amount and the notes typed.
      await decision.getByRole('radio', { name: 'Approve' }).focus();
      await page.keyboard.press('Space');
      await expect(decision.getByRole('radio', { name: 'Approve' }).isChecked()).resolves.toBe(
        true,
      );
      await fieldControl(page, 'approvedAmount').focus();
      await page.keyboard.type('18000');
      await fieldControl(page, 'decisionNotes').focus();
      await page.keyboard.type('Approved with a shorter term.');

      // And Save is reached with Tab and pressed with Enter.
      const saveName = await text('en', 'forms', 'saveDraft');
      await tabTo(page, { selector: 'button', text: saveName });
      await page.keyboard.press('Enter');

      // Then tasks.savedForm shows and the page is still the task's, on the same part.
      await page
        .locator('.bp6-toast')
        .getByText(await text('en', 'tasks', 'savedForm'))
        .waitFor();
      expect(await text('en', 'tasks', 'savedForm')).toBe('The form was saved.');
      expect(new URL(page.url()).pathname).toBe(taskPath);
      await expect(page.getByTestId('combined-progress').textContent()).resolves.toContain(
        'Part 3 of 3',
      );
      await expect(fieldControl(page, 'decisionNotes').inputValue()).resolves.toBe(
        'Approved with a shorter term.',
      );

      // And the focus stays on the page's form (on the Save button once it is done), not
      // lost to the page body.
      await expect
        .poll(() => focusInTaskForm(page), { message: 'focus after the save' })
        .toBe(true);
      expect(await describeFocus(page)).toContain(saveName);

      // And the server holds the part's values: in the task's draft in the database, the task
      // still open (a save completes nothing), and in what the page is served.
      const saved = {
        decision: 'approved',
        approvedAmount: 18000,
        decisionNotes: 'Approved with a shorter term.',
      };
      const stored = await e2e.server.app.engine.getTask('internal', review.id);
      expect(stored.state).toBe('open');
      expect(stored.variables).toMatchObject(saved);
      await expect(serverValuesOfPart(page, review.id, DECISION_PART)).resolves.toMatchObject(
        saved,
      );

      // And after a reload the part shows them again, from the server: nothing was left
      // unsaved, so no local draft is offered.
      await page.reload();
      await fieldControl(page, 'officerNotes').waitFor();
      await expect(page.getByTestId('local-draft-offer').count()).resolves.toBe(0);
      await fieldControl(page, 'officerNotes').focus();
      await nextPart(page, 'en', 2);
      await nextPart(page, 'en', 3);
      await expect(
        fieldCell(page, 'decision').getByRole('radio', { name: 'Approve' }).isChecked(),
      ).resolves.toBe(true);
      await expect(fieldControl(page, 'decisionNotes').inputValue()).resolves.toBe(
        'Approved with a shorter term.',
      );
      expect(new URL(page.url()).pathname).toBe(taskPath);
    } finally {
      await context.close();
    }
  });

  it('spec 001 sections 3 and 4: given the first part of a combined task, when its own ONLY_FORM_SAVE Save is pressed, then that part is saved and the page stays on it, and its completing outcome is not offered', async () => {
    const review = await startLoanReview(e2e.server, OFFICER_ID, 'Lise Meitner');
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, review.id);
      await fieldControl(page, 'officerNotes').waitFor();

      // Given part 1, the loan application: its designer placed Save (ONLY_FORM_SAVE) and
      // Submit application (SECTION_SUBMIT); only the saving one is offered before the last
      // part, since submitting there would complete the review with part 1 alone.
      const placed = page.locator('.tf-outcomes');
      await expect(placed.getByRole('button', { name: 'Save' }).isVisible()).resolves.toBe(true);
      await expect(
        placed.getByRole('button', { name: 'Submit application' }).count(),
      ).resolves.toBe(0);

      // When notes are typed and the part's Save is pressed with the keyboard.
      await fieldControl(page, 'officerNotes').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Payslips checked.');
      await placed.getByRole('button', { name: 'Save' }).focus();
      await page.keyboard.press('Enter');

      // Then tasks.savedForm shows, the page stays on part 1 and the server holds the notes.
      await page
        .locator('.bp6-toast')
        .getByText(await text('en', 'tasks', 'savedForm'))
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(`/process/task/${review.id}`);
      await expect(page.getByTestId('combined-progress').textContent()).resolves.toContain(
        await partOf('en', 1, 3),
      );
      await expect(serverValuesOfPart(page, review.id, 0)).resolves.toMatchObject({
        officerNotes: 'Payslips checked.',
      });
      const stored = await e2e.server.app.engine.getTask('internal', review.id);
      expect(stored.state).toBe('open');
    } finally {
      await context.close();
    }
  });

  it('spec 001 sections 3 and 4: given a combined (CUT) task in French, when a part is saved, then tasks.savedForm shows in French and the page stays', async () => {
    const review = await startLoanReview(e2e.server, OFFICER_ID, 'Irène Joliot-Curie');
    const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR' });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, review.id);

      // Given the decision part, reached with Suivant.
      await fieldControl(page, 'officerNotes').waitFor();
      await fieldControl(page, 'officerNotes').focus();
      await nextPart(page, 'fr', 2);
      await nextPart(page, 'fr', 3);

      // When notes are typed and Enregistrer is pressed with the keyboard.
      await fieldControl(page, 'decisionNotes').focus();
      await page.keyboard.type('Dossier complet.');
      await tabTo(page, { selector: 'button', text: await text('fr', 'forms', 'saveDraft') });
      await page.keyboard.press('Enter');

      // Then the French tasks.savedForm shows and the page stays on the task.
      const saved = await text('fr', 'tasks', 'savedForm');
      expect(saved).toBe('Le formulaire a été enregistré.');
      await page.locator('.bp6-toast').getByText(saved).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/process/task/${review.id}`);
      await expect(serverValuesOfPart(page, review.id, DECISION_PART)).resolves.toMatchObject({
        decisionNotes: 'Dossier complet.',
      });
    } finally {
      await context.close();
    }
  });
});
