import { beforeAll, describe, expect, it } from 'vitest';
import { deployStoredForm, makeFormTask } from '../../server/forms/testing/formTestKit';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { describeFocus } from '../helpers/keyboard';
import { localeText } from '../helpers/localeText';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl, inViewport, openTaskPage, watchCompletions } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const FORM_KEY = 'longQuestionnaire';
/** Fields of the form: well past the size from which a form mounts its parts lazily. */
const FIELDS = 400;
const MIDDLE = 'q199';
const LATER = 'q299';
const LAST = `q${FIELDS - 1}`;
const REQUIRED = new Set([MIDDLE, LATER, LAST]);

// A Flowable form model of 400 text fields, three of them required: a bank's long
// questionnaire, whose end is far below the first screen.
const LONG_FORM = {
  key: FORM_KEY,
  name: 'Long questionnaire',
  fields: Array.from({ length: FIELDS }, (_, index) => ({
    id: `q${index}`,
    name: `Question ${index + 1}`,
    type: 'text',
    ...(REQUIRED.has(`q${index}`) ? { required: true } : {}),
  })),
};

const e2e = setUpServerAndBrowser();

beforeAll(() =>
  deployStoredForm(e2e.server, { id: FORM_KEY, kind: 'plain', definition: LONG_FORM }),
);

describe('a form of 400 fields', () => {
  it('given the task page, when it opens, then only the first screens are mounted; the keyboard, the scroll and a refused submit reach the rest, and the values typed all go out', async () => {
    const task = await makeFormTask(e2e.server, { formKey: FORM_KEY, assignee: OFFICER_ID });
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, task.id);
      await fieldControl(page, 'q0').waitFor();
      // 1. The end of the form is a placeholder of its size, not 400 mounted fields.
      const pending = page.locator('.tf-chunk-pending');
      expect(await pending.count()).toBeGreaterThan(3);
      expect(await fieldControl(page, LAST).count()).toBe(0);
      expect(await page.locator('.tf-cell').count()).toBeLessThan(FIELDS / 2);
      const findings = await auditScreen(page, 'long form, en', '.tf-task-form');
      expect(findings, formatFindings(findings)).toEqual([]);

      // 2. The keyboard walks on past the mounted fields: Tab from the last one mounted
      //    lands in the next field, whether the scroll mounted it first or the placeholder did.
      const mounted = await page.locator('.tf-cell input').count();
      const lastMounted = `q${mounted - 1}`;
      await fieldControl(page, lastMounted).focus();
      await page.keyboard.type('typed before the window');
      await page.keyboard.press('Tab');
      await expect.poll(() => describeFocus(page)).toMatch(new RegExp(`_q${mounted}>`));
      await page.keyboard.type('typed after it');

      // 3. A submit without the required fields brings the first into the page, into view
      //    and into focus; filled, the next submit brings the other.
      for (const [fieldId, answer] of [
        [MIDDLE, 'the middle answer'],
        [LATER, 'a later answer'],
        [LAST, 'the last answer'],
      ] as const) {
        await page.getByRole('button', { name: 'Complete' }).click();
        const control = fieldControl(page, fieldId);
        await control.waitFor();
        await expect.poll(() => describeFocus(page)).toMatch(new RegExp(`_${fieldId}>`));
        await expect.poll(() => inViewport(page, control)).toBe(true);
        await page.keyboard.type(answer);
      }

      // 4. The task completes with every value, typed in a mounted part or not, as typed.
      const completions = watchCompletions(page);
      await page.getByRole('button', { name: 'Complete' }).click();
      await page.locator('.bp6-toast').getByText('The task was completed.').waitFor();
      const sent = completions[0]?.postDataJSON() as { values: Record<string, unknown> };
      expect(sent.values).toMatchObject({
        [lastMounted]: 'typed before the window',
        [`q${mounted}`]: 'typed after it',
        [MIDDLE]: 'the middle answer',
        [LATER]: 'a later answer',
        [LAST]: 'the last answer',
      });
      expect(Object.keys(sent.values)).toHaveLength(FIELDS);
    } finally {
      await context.close();
    }
  });

  it('given the page in Spanish and in French, when it opens, then the parts still to come are named in the language and axe finds nothing serious', async () => {
    const task = await makeFormTask(e2e.server, { formKey: FORM_KEY, assignee: OFFICER_ID });
    for (const [language, locale] of [
      ['es', 'es-ES'],
      ['fr', 'fr-FR'],
    ] as const) {
      const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900, locale });
      try {
        await signIn(page, e2e.server.url, OFFICER);
        await openTaskPage(page, e2e.server.url, task.id);
        await fieldControl(page, 'q0').waitFor();
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        const pending = page.locator('.tf-chunk-pending').first();
        const label = (await localeText(language, 'forms', 'chunk.pending')).split('{{')[0] ?? '';
        expect(label.length).toBeGreaterThan(3);
        expect(await pending.getAttribute('aria-label')).toMatch(new RegExp(`^${label}\\d+`));
        const findings = await auditScreen(page, `long form, ${language}`, '.tf-task-form');
        expect(findings, formatFindings(findings)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('given an error on a field not mounted yet, when its link in the error summary is followed, then the field is mounted and focused', async () => {
    const task = await makeFormTask(e2e.server, { formKey: FORM_KEY, assignee: OFFICER_ID });
    // With less motion asked for, the scroll to the first error jumps there: a glide up from
    // the Complete button would pass the second error's part and mount it on the way.
    const { context, page } = await openPage(e2e.browser, {
      width: 375,
      height: 812,
      reducedMotion: 'reduce',
    });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, task.id);
      await page.getByRole('button', { name: 'Complete' }).click();
      await expect.poll(() => describeFocus(page)).toMatch(new RegExp(`_${MIDDLE}>`));
      // The second error's part of the form is still a placeholder (the Complete button at
      // the end of the phone's page brought the last part in, not that one).
      expect(await fieldControl(page, LATER).count()).toBe(0);
      const link = page.locator(`[data-testid="form-error-summary"] a[data-field-id="${LATER}"]`);
      await link.click();
      await expect.poll(() => describeFocus(page)).toMatch(new RegExp(`_${LATER}>`));
      await expect.poll(() => inViewport(page, fieldControl(page, LATER))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
