import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FormPath } from '../../schemas/api/forms';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { call, EMAIL, signIn as signInClient } from '../../server/workflow/testing/taskTestKit';
import { uploadTo } from '../integration/uploadForm';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { openTaskPage, toastText, watchCompletions } from '../helpers/taskPage';
import { minimalPdf, whitePng } from '../helpers/testFiles';

const OFFICER_ID = 'lmartin';
const SHOTS = screenshotsFolder('typed-signature');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The most Tab presses a walk to one control may take before the test gives up. */
const TAB_LIMIT = 200;

const e2e = setUpServerAndBrowser();

/** The onboarding form's "complete" outcome, in a language, as its author wrote it. */
async function completeLabel(language: string): Promise<string> {
  const form = JSON.parse(
    await readFile('fixtures/forms/DSG-customer-onboarding.json', 'utf8'),
  ) as { outcomes: { key: string; label: Record<string, string> }[] };
  const label = form.outcomes.find((outcome) => outcome.key === 'complete')?.label[language];
  if (!label) throw new Error(`The onboarding form has no ${language} complete outcome.`);
  return label;
}

/**
 * A "Capture KYC data" task claimed by the officer with every required answer in its draft
 * but the customer's signature: what is left is to sign.
 */
async function kycTaskWithoutSignature(customerName: string): Promise<{
  taskId: string;
  instanceId: string;
}> {
  const instance = await e2e.server.app.engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    variables: { customerName },
  });
  const task = await openTaskOf(e2e.server, instance.id);
  await e2e.server.app.engine.claimTask('internal', task.id, OFFICER_ID);
  const officer = await signInClient(e2e.server, EMAIL.lmartin);
  const stored = async (kind: 'picture' | 'spreadsheet', name: string, content: Buffer) => {
    const response = await uploadTo(officer, task.id, kind, { name, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredFileAnswer>().result;
  };
  const photo = await stored('picture', 'idPhoto.png', await whitePng(320, 240));
  const proof = await stored('spreadsheet', 'utility-bill.pdf', minimalPdf());
  const draft = await call(officer, 'PUT', FormPath.draft(task.id), {
    values: {
      fullName: customerName,
      dateOfBirth: '1985-12-10',
      nationality: 'PT',
      idDocumentType: 'passport',
      idDocumentNumber: 'PT1815121',
      email: 'customer@example.com',
      idPhoto: photo.id,
      proofOfAddress: { id: proof.id, fileName: proof.name },
      termsAccepted: true,
    },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  return { taskId: task.id, instanceId: instance.id };
}

/** A text of the signature field, in a language, as the plugin ships it. */
async function signatureText(language: string, key: string): Promise<string> {
  const texts = JSON.parse(
    await readFile(`plugins/signature/locales/${language}.json`, 'utf8'),
  ) as { signature: Record<string, string> };
  const text = texts.signature[key];
  if (!text) throw new Error(`The signature field has no ${language} text ${key}.`);
  return text;
}

/** Presses Tab until `focused` says the control it wants has focus, as a keyboard user would. */
async function tabTo(page: Page, what: string, focused: () => Promise<boolean>): Promise<void> {
  for (let presses = 0; presses < TAB_LIMIT; presses += 1) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${what} was not reached with ${TAB_LIMIT} presses of Tab.`);
}

/** Whether the focused element carries this test id. */
const focusedTestId = (page: Page, testId: string) => () =>
  page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

describe.each([
  ['en', 'en-GB', 1280],
  ['fr', 'fr-FR', 1280],
  ['fr', 'fr-FR', 375],
])('a typed signature in %s at %i px', (language, locale, width) => {
  it('given a KYC task that lacks only the customer signature, when the officer signs by typing the name and completes it with the keyboard alone, then the task completes and the signature is stored as a typed one', async () => {
    const name = language === 'fr' ? 'Élodie Marchand' : 'Inês Duarte';
    const { taskId, instanceId } = await kycTaskWithoutSignature(name);
    const { context, page } = await openPage(e2e.browser, { locale, width });
    page.setDefaultTimeout(60_000);
    try {
      await signIn(page, e2e.server.url, EMAIL.lmartin);
      await openTaskPage(page, e2e.server.url, taskId);
      await page.getByTestId('signature-open').waitFor();

      // Tab to the signature and open its dialog.
      await page.locator('body').focus();
      await tabTo(page, 'The sign button', focusedTestId(page, 'signature-open'));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', {
        name: new RegExp(await signatureText(language, 'title')),
      });
      await dialog.waitFor();

      // Choose the typed mode: Tab to the modes, then the arrow key picks "Type your name".
      await tabTo(page, 'The signature modes', () =>
        page.evaluate(() => document.activeElement?.getAttribute('role') === 'radio'),
      );
      await page.keyboard.press('ArrowRight');
      const typeMode = dialog.getByRole('radio', {
        name: await signatureText(language, 'typeMode'),
      });
      await expect.poll(() => typeMode.getAttribute('aria-checked')).toBe('true');

      // Type the name; the preview shows it.
      await tabTo(page, 'The name box', focusedTestId(page, 'signature-typed-name'));
      await page.keyboard.type(name);
      const preview = dialog.getByTestId('signature-pad');
      await expect.poll(() => preview.getAttribute('data-method')).toBe('typed');
      await expect.poll(() => preview.getAttribute('aria-label')).toContain(name);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${SHOTS}/typed-${language}-${width}.png` });
      const findings = await auditScreen(
        page,
        `${language} ${width} px: signature typed`,
        '.tf-signature__dialog',
      );
      expect(findings, formatFindings(findings)).toEqual([]);

      // Confirm with the dialog's Accept, reached by Tab.
      await tabTo(page, 'Accept', focusedTestId(page, 'signature-accept'));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('signature-image').waitFor();

      // Submit: Tab to the complete outcome and press Enter.
      const complete = await completeLabel(language);
      const completions = watchCompletions(page);
      await tabTo(page, 'The complete outcome', () =>
        page.evaluate(
          (label) =>
            document.activeElement instanceof HTMLButtonElement &&
            document.activeElement.textContent?.trim() === label,
          complete,
        ),
      );
      await page.keyboard.press('Enter');
      await toastText(page, await localeText(language, 'tasks', 'completedTask')).waitFor();
      expect(completions).toHaveLength(1);
    } finally {
      await context.close();
    }

    // Then the case holds the signature's file, and that file is marked as typed.
    expect((await e2e.server.app.engine.getTask('internal', taskId)).state).toBe('completed');
    const variables = await e2e.server.app.engine.getVariables('internal', instanceId);
    const fileId = variables.customerSignature;
    expect(fileId).toMatch(UUID);
    const file = await e2e.server.app.database.db
      .selectFrom('files')
      .select(['kind', 'media_type', 'summary'])
      .where('id', '=', String(fileId))
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({
      kind: 'signature',
      media_type: 'image/png',
      summary: { signature: { method: 'typed' } },
    });
  }, 240_000);
});
