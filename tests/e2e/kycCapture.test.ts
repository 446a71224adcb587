import { readFile } from 'node:fs/promises';
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
import {
  fieldCell,
  fieldControl,
  openTaskPage,
  toastText,
  watchCompletions,
} from '../helpers/taskPage';
import { minimalPdf, whitePng } from '../helpers/testFiles';

const OFFICER_ID = 'lmartin';
const SHOTS = screenshotsFolder('kyc-capture');

const e2e = setUpServerAndBrowser();

/** The onboarding form's "complete" outcome, in a language, as its author wrote it. */
async function completeLabel(language: string): Promise<string> {
  const form = JSON.parse(
    await readFile('fixtures/forms/DSG-customer-onboarding.json', 'utf8'),
  ) as {
    outcomes: { key: string; label: Record<string, string> }[];
  };
  const label = form.outcomes.find((outcome) => outcome.key === 'complete')?.label[language];
  if (!label) throw new Error(`The onboarding form has no ${language} complete outcome.`);
  return label;
}

/**
 * A "Capture KYC data" task claimed by the officer, its identity answers and media already in
 * its draft (other tests take the photo and draw the signature in the page): what is left
 * to fill in is the contact section this test is about.
 */
async function kycTask(customerName: string): Promise<{ taskId: string; instanceId: string }> {
  const instance = await e2e.server.app.engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    variables: { customerName },
  });
  const task = await openTaskOf(e2e.server, instance.id);
  await e2e.server.app.engine.claimTask('internal', task.id, OFFICER_ID);
  const officer = await signInClient(e2e.server, EMAIL.lmartin);
  const stored = async (
    kind: 'picture' | 'signature' | 'spreadsheet',
    name: string,
    content: Buffer,
  ) => {
    const response = await uploadTo(officer, task.id, kind, { name, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredFileAnswer>().result;
  };
  const photo = await stored('picture', 'idPhoto.png', await whitePng(320, 240));
  const signature = await stored('signature', 'customerSignature.png', await whitePng(480, 160));
  const proof = await stored('spreadsheet', 'utility-bill.pdf', minimalPdf());
  const draft = await call(officer, 'PUT', FormPath.draft(task.id), {
    values: {
      fullName: customerName,
      dateOfBirth: '1985-12-10',
      idDocumentType: 'passport',
      idDocumentNumber: 'PT1815121',
      email: 'customer@example.com',
      idPhoto: photo.id,
      customerSignature: signature.id,
      proofOfAddress: { id: proof.id, fileName: proof.name },
      termsAccepted: true,
    },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  return { taskId: task.id, instanceId: instance.id };
}

describe.each([
  ['en', 'en-GB', 'Germany'],
  ['fr', 'fr-FR', 'Allemagne'],
])('the KYC capture in %s', (language, locale, germany) => {
  it('given the "Capture KYC data" task, when the officer types the address part by part, a French mobile number with spaces and picks Portugal from the whole list, then it completes and the server holds the structured address, +33612345678 and PT', async () => {
    const { taskId, instanceId } = await kycTask(`Inês Duarte (${language})`);
    const { context, page } = await openPage(e2e.browser, { locale });
    page.setDefaultTimeout(60_000);
    try {
      await signIn(page, e2e.server.url, EMAIL.lmartin);
      await openTaskPage(page, e2e.server.url, taskId);

      // The address is an input per part, named in the reader's language; nothing says
      // "No data" any more.
      const address = fieldCell(page, 'address');
      await address.scrollIntoViewIfNeeded();
      expect(await address.textContent()).not.toContain(
        await localeText(language, 'fields', 'object.empty'),
      );
      const part = async (key: string) =>
        address.getByLabel(await localeText(language, 'fields', `object.keys.${key}`), {
          exact: true,
        });
      await (await part('street')).fill('Rua Augusta');
      await (await part('houseNumber')).fill('24');
      await (await part('postalCode')).fill('1100-048');
      await (await part('city')).fill('Lisboa');
      await (await part('region')).fill('Lisboa');
      await (await part('country')).selectOption({ label: 'Portugal' });

      // The phone as people write it; once left, it reads internationally.
      const phone = fieldControl(page, 'phone');
      await phone.fill('+33 6 12 34 56 78');
      await phone.blur();
      await expect.poll(() => phone.inputValue()).toBe('+33 6 12 34 56 78');

      // The nationality from every ISO country, named in the reader's language.
      const nationality = fieldControl(page, 'nationality');
      await expect.poll(() => nationality.locator('option').count()).toBe(250);
      expect(await nationality.locator('option', { hasText: germany }).count()).toBe(1);
      await nationality.selectOption({ label: 'Portugal' });

      await address.screenshot({ path: `${SHOTS}/address-${language}-1280.png` });
      const findings = await auditScreen(page, `${language} 1280 px: KYC capture`, '.tf-task-form');
      expect(findings, formatFindings(findings)).toEqual([]);

      // When the officer completes the capture.
      const completions = watchCompletions(page);
      await page.getByRole('button', { name: await completeLabel(language) }).click();
      await toastText(page, await localeText(language, 'tasks', 'completedTask')).waitFor();
      expect(completions).toHaveLength(1);
    } finally {
      await context.close();
    }

    // Then the case holds the address as a structure, the number in E.164 and the code.
    expect((await e2e.server.app.engine.getTask('internal', taskId)).state).toBe('completed');
    const variables = await e2e.server.app.engine.getVariables('internal', instanceId);
    expect(variables.address).toEqual({
      street: 'Rua Augusta',
      houseNumber: '24',
      postalCode: '1100-048',
      city: 'Lisboa',
      region: 'Lisboa',
      country: 'PT',
    });
    expect(variables.phone).toBe('+33612345678');
    expect(variables.nationality).toBe('PT');
  }, 240_000);
});
