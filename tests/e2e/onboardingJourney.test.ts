import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { FormPath } from '../../schemas/api/forms';
import { TaskPath } from '../../schemas/api/tasks';
import { call, EMAIL, signIn as signInClient } from '../../server/workflow/testing/taskTestKit';
import { uploadTo } from '../integration/uploadForm';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { chooseOption, fieldCell, fieldControl, tickField, toastText } from '../helpers/taskPage';
import { minimalPdf, whitePng } from '../helpers/testFiles';

/**
 * The onboarding journey as two people walk it: Amara, of the onboarding team, captures a
 * new customer from the drawer (a structured address, a French mobile number, a nationality
 * from the whole list); four eyes keep her from reviewing her own capture; Claire, of the
 * back office, reviews it reading what was captured and approves; the report names both.
 */
const CAPTURER_ID = 'aokafor';
const REVIEWER_ID = 'cdubois';
const POLL = { timeout: 30_000 };
const SHOTS = screenshotsFolder('onboarding-journey');

const e2e = setUpServerAndBrowser();

interface DesignerForm {
  outcomes?: { key: string; label: Record<string, string> }[];
  sections: {
    fields: { id: string; options?: { name: Record<string, string>; value: string }[] }[];
  }[];
}

async function designerForm(file: string): Promise<DesignerForm> {
  return JSON.parse(await readFile(`fixtures/forms/${file}`, 'utf8')) as DesignerForm;
}

async function outcomeLabel(file: string, key: string, language: string): Promise<string> {
  const label = (await designerForm(file)).outcomes?.find((o) => o.key === key)?.label[language];
  if (!label) throw new Error(`${file} has no ${language} outcome ${key}.`);
  return label;
}

async function optionLabel(file: string, fieldId: string, value: string, language: string) {
  const field = (await designerForm(file)).sections
    .flatMap((section) => section.fields)
    .find((f) => f.id === fieldId);
  const label = field?.options?.find((option) => option.value === value)?.name[language];
  if (!label) throw new Error(`${file} has no ${language} option ${value} of ${fieldId}.`);
  return label;
}

/** The instance's open tasks, by element id. */
async function openTasks(instanceId: string) {
  const tasks = await e2e.server.app.engine.listInstanceTasks('internal', instanceId, {
    completed: false,
  });
  return new Map(tasks.map((task) => [task.elementId, task]));
}

/**
 * The photo, signature and proof of address the capturer took with the device (other tests
 * use the camera and the pad), uploaded to the task and saved in its draft.
 */
async function attachMedia(taskId: string): Promise<void> {
  const amara = await signInClient(e2e.server, EMAIL.aokafor);
  const stored = async (
    kind: 'picture' | 'signature' | 'spreadsheet',
    name: string,
    content: Buffer,
  ) => {
    const response = await uploadTo(amara, taskId, kind, { name, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredFileAnswer>().result;
  };
  const photo = await stored('picture', 'idPhoto.png', await whitePng(320, 240));
  const signature = await stored('signature', 'customerSignature.png', await whitePng(480, 160));
  const proof = await stored('spreadsheet', 'utility-bill.pdf', minimalPdf());
  const draft = await call(amara, 'PUT', FormPath.draft(taskId), {
    values: {
      idPhoto: photo.id,
      customerSignature: signature.id,
      proofOfAddress: { id: proof.id, fileName: proof.name },
    },
  });
  expect(draft.statusCode, draft.body).toBe(200);
}

describe.each([
  ['en', 'en-GB', 'Inês Duarte', '+33 6 12 34 56 78'],
  ['fr', 'fr-FR', 'Hélène Marchand', '06 12 34 56 78'],
])('the onboarding journey in %s', (language, locale, fullName, phoneShown) => {
  it('given a new customer, when the onboarding team captures them from the drawer and the back office reviews, then four eyes hold, the reviewer reads the address, phone and nationality as captured, and the report names both', async () => {
    const capturerSession = await openPage(e2e.browser, { locale });
    const reviewerSession = await openPage(e2e.browser, { locale });
    const capturer = capturerSession.page;
    const reviewer = reviewerSession.page;
    capturer.setDefaultTimeout(60_000);
    reviewer.setDefaultTimeout(60_000);
    const capture = 'DSG-customer-onboarding.json';
    try {
      // 1. Amara starts the onboarding from the drawer and claims its first step in one go.
      await signIn(capturer, e2e.server.url, EMAIL.aokafor);
      await capturer
        .getByRole('button', { name: await localeText(language, 'dashboard', 'startProcess') })
        .first()
        .click();
      await capturer
        .locator('.tessera-process-choice[data-definition="customerOnboarding"]')
        .click();
      await capturer
        .getByRole('dialog')
        .getByRole('button', { name: await localeText(language, 'process', 'start'), exact: true })
        .click();
      await capturer.waitForURL(/\/process\/instance\/[^/]+$/);
      const instanceId = new URL(capturer.url()).pathname.split('/').pop() ?? '';
      const businessKey = await capturer.getByTestId('instance-business-key').textContent();
      expect(businessKey).toMatch(/^ONB-\d{4}-\d{6}$/);
      await capturer.getByTestId('instance-claim-and-open').click();
      await capturer.waitForURL(/\/process\/task\/[^/]+$/);
      const captureId = new URL(capturer.url()).pathname.split('/').pop() ?? '';
      await attachMedia(captureId);
      await capturer.reload();
      await capturer.getByTestId('task-form').waitFor();

      // 2. She types the customer in: identity, the address part by part, a French mobile
      //    number as people write it, Portugal from every country.
      await fieldControl(capturer, 'fullName').fill(fullName);
      await fieldControl(capturer, 'dateOfBirth').fill('1985-12-10');
      const nationality = fieldControl(capturer, 'nationality');
      await expect.poll(() => nationality.locator('option').count(), POLL).toBeGreaterThan(240);
      await nationality.selectOption({ label: 'Portugal' });
      await chooseOption(
        capturer,
        'idDocumentType',
        await optionLabel(capture, 'idDocumentType', 'passport', language),
      );
      await fieldControl(capturer, 'idDocumentNumber').fill('PT1815121');
      const address = fieldCell(capturer, 'address');
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
      await fieldControl(capturer, 'phone').fill('+33 6 12 34 56 78');
      await fieldControl(capturer, 'email').fill('customer@mail.example');
      await fieldControl(capturer, 'sourceOfFunds').fill('Salary from permanent employment.');
      await tickField(capturer, 'termsAccepted');
      await capturer
        .getByRole('button', { name: await outcomeLabel(capture, 'complete', language) })
        .click();
      await toastText(capturer, await localeText(language, 'tasks', 'completedTask')).waitFor();

      // 3. The review is not hers (the back office's, and four eyes would keep her out of it
      //    besides): her page says why, and the API refuses her.
      await expect
        .poll(async () => (await openTasks(instanceId)).has('complianceReview'), POLL)
        .toBe(true);
      const reviewId = (await openTasks(instanceId)).get('complianceReview')?.id ?? '';
      await capturer.goto(`${e2e.server.url}/process/task/${reviewId}`);
      await expect
        .poll(() => capturer.getByTestId('task-read-only-note').textContent(), POLL)
        .toContain(await localeText(language, 'process', 'task.readOnly.notCandidate'));
      const amara = await signInClient(e2e.server, EMAIL.aokafor);
      const claim = await amara.request({ method: 'PUT', url: TaskPath.claim(reviewId) });
      expect(claim.statusCode).toBe(403);

      // 4. Claire opens the review from the case and reads what was captured.
      await signIn(reviewer, e2e.server.url, EMAIL.cdubois);
      await reviewer.goto(`${e2e.server.url}/process/instance/${instanceId}`);
      await expect
        .poll(() => reviewer.getByTestId('instance-title').textContent(), POLL)
        .toContain(fullName);
      await reviewer.getByTestId('instance-claim-and-open').click();
      await reviewer.waitForURL((url) => url.pathname === `/process/task/${reviewId}`);
      await reviewer.getByTestId('task-form').waitFor();
      await expect.poll(() => fieldControl(reviewer, 'fullName').inputValue(), POLL).toBe(fullName);
      const shownAddress = (await fieldCell(reviewer, 'address').textContent()) ?? '';
      for (const text of ['Rua Augusta', '24', '1100-048', 'Lisboa', 'Portugal']) {
        expect(shownAddress).toContain(text);
      }
      // The number in the reader's convention: national for a reader in France.
      expect(await fieldControl(reviewer, 'phone').inputValue()).toBe(phoneShown);
      const country = await fieldControl(reviewer, 'nationality').evaluate((element) =>
        element instanceof HTMLSelectElement
          ? (element.selectedOptions[0]?.text ?? '')
          : (element as HTMLInputElement).value,
      );
      expect(country).toBe('Portugal');
      await reviewer.screenshot({ path: `${SHOTS}/review-${language}.png`, fullPage: true });

      // 5. She records the checks and approves.
      const review = 'DSG-kyc-compliance-review.json';
      const choose = async (fieldId: string, value: string) =>
        chooseOption(reviewer, fieldId, await optionLabel(review, fieldId, value, language));
      await choose('sanctionsScreening', 'clear');
      await choose('pepCheck', 'notPep');
      await fieldControl(reviewer, 'riskRating').selectOption({
        label: await optionLabel(review, 'riskRating', 'low', language),
      });
      await fieldControl(reviewer, 'nextReviewDate').pressSequentially('28/11/2027');
      await fieldControl(reviewer, 'reviewNotes').fill('Screening clear; standard due diligence.');
      await reviewer
        .getByRole('button', { name: await outcomeLabel(review, 'approve', language), exact: true })
        .click();
      await toastText(reviewer, await localeText(language, 'tasks', 'completedTask')).waitFor();

      // 6. The customer report names the case and both people.
      await reviewer.goto(`${e2e.server.url}/report/customer/${instanceId}`);
      const facts = reviewer.getByTestId('report-facts');
      await facts.waitFor();
      expect(await facts.locator('[data-fact="businessKey"] dd').textContent()).toBe(businessKey);
      expect(await facts.locator('[data-fact="name"] dd').textContent()).toContain(fullName);
      const steps = reviewer.getByTestId('report-task');
      expect(await steps.count()).toBe(2);
      expect(await steps.nth(0).locator('header p').textContent()).toContain('Amara Okafor');
      expect(await steps.nth(1).locator('header p').textContent()).toContain('Claire Dubois');
      await reviewer.screenshot({ path: `${SHOTS}/report-${language}.png`, fullPage: true });
      const variables = await e2e.server.app.engine.getVariables('internal', instanceId);
      expect(variables.phone).toBe('+33612345678');
      expect(variables.nationality).toBe('PT');
      const done = await e2e.server.app.engine.listInstanceTasks('internal', instanceId, {
        completed: true,
      });
      expect(new Map(done.map((task) => [task.elementId, task.completedBy]))).toEqual(
        new Map([
          ['kycCapture', CAPTURER_ID],
          ['complianceReview', REVIEWER_ID],
        ]),
      );
    } finally {
      await capturerSession.context.close();
      await reviewerSession.context.close();
    }
  }, 300_000);
});
