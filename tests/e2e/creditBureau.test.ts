import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FormPath } from '../../schemas/api/forms';
import { formatDateTime } from '../../plugins/datetime/formatDateTime';
import { sanitizeDateTime } from '../../plugins/datetime/validate';
import { openTaskOf, VALID_APPLICATION } from '../../server/forms/testing/formTestKit';
import { call, EMAIL, signIn as signInClient } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import {
  fieldCell,
  fieldControl,
  openTaskPage,
  toastText,
  watchCompletions,
} from '../helpers/taskPage';

const OFFICER_ID = 'lmartin';

const e2e = setUpServerAndBrowser();

/** The loan application form as its author wrote it: labels and choices by language. */
interface LoanApplicationForm {
  sections: {
    fields: {
      id: string;
      label?: Record<string, string>;
      options?: { name: Record<string, string>; value: string }[];
      config?: { outcomes?: { key: string; label: Record<string, string> }[] };
    }[];
  }[];
}

/** A field of the loan application fixture. */
async function fixtureField(id: string): Promise<LoanApplicationForm['sections'][0]['fields'][0]> {
  const form = JSON.parse(
    await readFile('fixtures/forms/DSG-loan-application.json', 'utf8'),
  ) as LoanApplicationForm;
  const field = form.sections.flatMap((section) => section.fields).find((f) => f.id === id);
  if (!field) throw new Error(`The loan application has no field ${id}.`);
  return field;
}

/**
 * The officer's own loan application, its answers already saved as a draft, so the bureau
 * has an applicant to score and the application can be submitted.
 */
async function filledApplication(
  applicantName: string,
): Promise<{ taskId: string; instanceId: string }> {
  const instance = await e2e.server.app.engine.startProcess('internal', {
    key: 'loanApplication',
    startedBy: OFFICER_ID,
    variables: { applicantName },
  });
  const task = await openTaskOf(e2e.server, instance.id);
  const officer = await signInClient(e2e.server, EMAIL.lmartin);
  const draft = await call(officer, 'PUT', FormPath.draft(task.id), { values: VALID_APPLICATION });
  expect(draft.statusCode, draft.body).toBe(200);
  return { taskId: task.id, instanceId: instance.id };
}

/** A screenshot from the bureau's button down to its answer, for a person to look at. */
async function shootAnswer(page: Page, language: string): Promise<void> {
  const top = await fieldCell(page, 'creditBureauCheck').boundingBox();
  const bottom = await fieldCell(page, 'bureauReference').boundingBox();
  if (!top || !bottom) throw new Error('The bureau fields are not on screen.');
  await page.screenshot({
    path: `${screenshotsFolder('credit-bureau')}/answer-${language}.png`,
    clip: { x: 0, y: top.y - 8, width: 1280, height: bottom.y + bottom.height - top.y + 16 },
  });
}

/** The task's latest recorded bureau answer. */
async function latestAnswer(taskId: string) {
  return e2e.server.database.db
    .selectFrom('webhook_answers')
    .select('answer_values')
    .where('tenant', '=', 'internal')
    .where('task_id', '=', taskId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

describe.each([
  ['en', 'en-GB'],
  ['fr', 'fr-FR'],
])('the credit bureau check in %s', (language, locale) => {
  it('given a filled-in application, when the officer runs the bureau check, then score, band, time and reference show in the form, stay after a reload and go with the submitted case', async () => {
    const { taskId, instanceId } = await filledApplication(`Ada Lovelace (${language})`);
    const button = await fixtureField('creditBureauCheck');
    const band = await fixtureField('bureauBand');
    const submit = (await fixtureField('applicationOutcomes')).config?.outcomes?.find(
      (outcome) => outcome.key === 'submitApplication',
    );
    const { context, page } = await openPage(e2e.browser, { locale });
    page.setDefaultTimeout(60_000);
    try {
      await signIn(page, e2e.server.url, EMAIL.lmartin);
      await openTaskPage(page, e2e.server.url, taskId);
      const score = fieldControl(page, 'bureauScore');
      await score.scrollIntoViewIfNeeded();
      expect(await score.inputValue()).toBe('');

      // When the officer presses the bureau's button.
      await page.getByRole('button', { name: button.label?.[language] }).click();
      await page.getByTestId('webhook-result').waitFor();
      await expect.poll(() => score.inputValue()).toBe('716');

      // Then the form shows what the server recorded, in the reader's language.
      const answer = (await latestAnswer(taskId))?.answer_values ?? {};
      const checkedAt = String(answer.bureauCheckedAt);
      const shown = {
        bureauScore: '716',
        bureauBand: band.options?.find((option) => option.value === 'B')?.name[language],
        bureauCheckedAt: formatDateTime(sanitizeDateTime(checkedAt) ?? '', language),
        bureauReference: String(answer.bureauReference),
      };
      const values = async () =>
        Object.fromEntries(
          await Promise.all(
            Object.keys(shown).map(async (id) => [id, await fieldControl(page, id).inputValue()]),
          ),
        );
      expect(await values()).toEqual(shown);
      expect(shown.bureauReference).toMatch(/^CB-\d{4}-[0-9A-Z]{10}$/);
      await shootAnswer(page, language);

      // A reload shows the same answer: it is on the case, not only on the page.
      await page.reload();
      await page.getByTestId('task-form').waitFor();
      await expect.poll(() => fieldControl(page, 'bureauScore').inputValue()).toBe('716');
      expect(await values()).toEqual(shown);

      // When the officer submits, the case goes on with the bureau's answer.
      const completions = watchCompletions(page);
      await page.getByRole('button', { name: submit?.label[language] }).click();
      await toastText(page, await localeText(language, 'tasks', 'completedTask')).waitFor();
      expect(completions).toHaveLength(1);
    } finally {
      await context.close();
    }
    const latest = await latestAnswer(taskId);
    expect(latest?.answer_values).toMatchObject({ bureauScore: 716, bureauBand: 'B' });
    expect(await e2e.server.app.engine.getVariables('internal', instanceId)).toMatchObject(
      latest?.answer_values ?? {},
    );
  }, 240_000);
});
