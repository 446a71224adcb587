import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/api/common';
import { TaskPath } from '../../schemas/api/tasks';
import { SeededRandom } from '../../server/seed/demoWorkloadPlan';
import {
  collateralValues,
  completeLoan,
  disbursementValues,
  documentValues,
  type DemoCustomer,
} from '../../server/seed/demoCaseData';
import { call, EMAIL, signIn as signInClient } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { chooseOption, fieldCell, fieldControl, tickField, toastText } from '../helpers/taskPage';

/**
 * The loan journey as three people walk it: María, a loan officer who also sits on the
 * credit committee, takes the application; four eyes keep her from deciding it; Claire, of
 * the committee, decides it reading the application as submitted; Lucas, another officer,
 * gathers the papers while Claire's back office values the collateral and pays; the report
 * names each of them.
 */
const OFFICER_ID = 'mgarcia';
const COMMITTEE_ID = 'cdubois';
const POLL = { timeout: 30_000 };
const SHOTS = screenshotsFolder('loan-journey');

const e2e = setUpServerAndBrowser();

/** A designer form's labels and outcomes, by field id, as its author wrote them. */
interface DesignerForm {
  sections: {
    fields: {
      id: string;
      options?: { name: Record<string, string>; value: string }[];
      config?: { outcomes?: { key: string; label: Record<string, string> }[] };
    }[];
  }[];
}

async function designerField(formFile: string, id: string) {
  const form = JSON.parse(await readFile(`fixtures/forms/${formFile}`, 'utf8')) as DesignerForm;
  const field = form.sections.flatMap((section) => section.fields).find((f) => f.id === id);
  if (!field) throw new Error(`${formFile} has no field ${id}.`);
  return field;
}

async function outcomeLabel(formFile: string, fieldId: string, key: string, language: string) {
  const field = await designerField(formFile, fieldId);
  const label = field.config?.outcomes?.find((outcome) => outcome.key === key)?.label[language];
  if (!label) throw new Error(`${formFile} has no ${language} outcome ${key}.`);
  return label;
}

async function optionLabel(formFile: string, fieldId: string, value: string, language: string) {
  const field = await designerField(formFile, fieldId);
  const label = field.options?.find((option) => option.value === value)?.name[language];
  if (!label) throw new Error(`${formFile} has no ${language} option ${value} of ${fieldId}.`);
  return label;
}

/** The dictionary label of a loan product in a language, as the select shows it. */
const PRODUCT_LABEL: Record<string, string> = { en: 'Mortgage', fr: 'Prêt immobilier' };

/** Completes a task over HTTP as `email`, claiming it first when it is in the pool. */
async function completeAs(
  email: string,
  taskId: string,
  body: { outcome: string; values: Record<string, unknown> },
): Promise<void> {
  const client = await signInClient(e2e.server, email);
  const task = await e2e.server.app.engine.getTask('internal', taskId);
  if (task.assignee === null) {
    const claimed = await call(client, 'PUT', TaskPath.claim(taskId));
    expect(claimed.statusCode, claimed.body).toBe(200);
  }
  const done = await call(client, 'POST', TaskPath.complete(taskId), body);
  expect(done.statusCode, done.body).toBe(200);
}

/** The instance's open tasks, by element id. */
async function openTasks(instanceId: string) {
  const tasks = await e2e.server.app.engine.listInstanceTasks('internal', instanceId, {
    completed: false,
  });
  return new Map(tasks.map((task) => [task.elementId, task]));
}

/** Waits until the page shows the completion of its task. */
async function completed(page: Page, language: string): Promise<void> {
  await toastText(page, await localeText(language, 'tasks', 'completedTask')).waitFor();
}

describe.each([
  ['en', 'en-GB', 'Quentin', 'Morel'],
  ['fr', 'fr-FR', 'Léa', 'Fontaine'],
])('the loan journey in %s', (language, locale, firstName, lastName) => {
  it('given an officer who sits on the committee, when she takes a large loan from the drawer to its decision, then four eyes send the decision to a colleague who reads it as applied, and the report names both and the case', async () => {
    const officerSession = await openPage(e2e.browser, { locale });
    const committeeSession = await openPage(e2e.browser, { locale });
    const officer = officerSession.page;
    const committee = committeeSession.page;
    officer.setDefaultTimeout(60_000);
    committee.setDefaultTimeout(60_000);
    try {
      // 1. María starts a loan origination from the drawer and claims its first step in one go.
      await signIn(officer, e2e.server.url, EMAIL.mgarcia);
      await officer
        .getByRole('button', { name: await localeText(language, 'dashboard', 'startProcess') })
        .first()
        .click();
      await officer.locator('.tessera-process-choice[data-definition="loanOrigination"]').click();
      await officer
        .getByRole('dialog')
        .getByRole('button', { name: await localeText(language, 'process', 'start'), exact: true })
        .click();
      await officer.waitForURL(/\/process\/instance\/[^/]+$/);
      const instanceId = new URL(officer.url()).pathname.split('/').pop() ?? '';
      const businessKey = await officer.getByTestId('instance-business-key').textContent();
      expect(businessKey).toMatch(/^LN-\d{4}-\d{6}$/);
      await officer.getByTestId('instance-claim-and-open').click();
      await officer.waitForURL(/\/process\/task\/[^/]+$/);
      await officer.getByTestId('task-form').waitFor();

      // 2. She fills in the application as the customer gives it.
      const form = 'DSG-loan-application.json';
      await fieldControl(officer, 'firstName').fill(firstName);
      await fieldControl(officer, 'lastName').fill(lastName);
      await fieldControl(officer, 'dateOfBirth').pressSequentially('12/03/1984');
      await fieldControl(officer, 'customerId').fill('CUS-004217');
      await chooseOption(
        officer,
        'employmentStatus',
        await optionLabel(form, 'employmentStatus', 'employed', language),
      );
      await fieldControl(officer, 'loanProduct').selectOption({ label: PRODUCT_LABEL[language] });
      await fieldControl(officer, 'loanAmount').fill('61500');
      await fieldControl(officer, 'termMonths').fill('240');
      await fieldControl(officer, 'annualRate').fill('4');
      await fieldControl(officer, 'monthlyIncome').fill('6000');
      await tickField(officer, 'consentCreditCheck');

      // 3. She runs the bureau check and reads its answer in the form.
      await fieldCell(officer, 'creditBureauCheck').getByRole('button').click();
      await officer.getByTestId('webhook-result').waitFor();
      await expect.poll(() => fieldControl(officer, 'bureauScore').inputValue(), POLL).not.toBe('');
      const score = await fieldControl(officer, 'bureauScore').inputValue();
      await officer.screenshot({ path: `${SHOTS}/application-${language}.png`, fullPage: true });
      await officer
        .getByRole('button', {
          name: await outcomeLabel(form, 'applicationOutcomes', 'submitApplication', language),
        })
        .click();
      await completed(officer, language);

      // 4. The decision goes to the committee, but not to her: the instance page offers her
      //    no claim, and its page says why in her language.
      await expect
        .poll(async () => (await openTasks(instanceId)).has('supervisorApproval'), POLL)
        .toBe(true);
      const decisionId = (await openTasks(instanceId)).get('supervisorApproval')?.id ?? '';
      await officer.goto(`${e2e.server.url}/process/instance/${instanceId}`);
      await officer.getByTestId('instance-title').waitFor();
      await expect
        .poll(() => officer.getByTestId('instance-title').textContent(), POLL)
        .toContain(`${firstName} ${lastName}`);
      expect(await officer.getByTestId('instance-claim-and-open').count()).toBe(0);
      await officer.goto(`${e2e.server.url}/process/task/${decisionId}`);
      await expect
        .poll(() => officer.getByTestId('task-read-only-note').textContent(), POLL)
        .toContain(await localeText(language, 'process', 'task.readOnly.segregated'));

      // 5. Straight over HTTP, her claim and completion are refused, in her language.
      const maria = await signInClient(e2e.server, EMAIL.mgarcia);
      const headers = { 'accept-language': language };
      const claim = await maria.request({
        method: 'PUT',
        url: TaskPath.claim(decisionId),
        headers,
      });
      expect(claim.statusCode).toBe(403);
      expect(claim.json<{ code: string }>().code).toBe(ErrorCode.segregationOfDuties);
      const complete = await maria.request({
        method: 'POST',
        url: TaskPath.complete(decisionId),
        headers,
        body: { outcome: 'approve', values: {} },
      });
      // Not hers to complete either: she does not hold it, and may not take it.
      expect(complete.statusCode).toBe(403);
      expect(await localeText(language, 'errors', 'SEGREGATION_OF_DUTIES')).toMatch(/\S/);
      expect((await e2e.server.app.engine.getTask('internal', decisionId)).assignee).toBeNull();

      // 6. Claire opens the decision from the case and reads the application as submitted.
      await signIn(committee, e2e.server.url, EMAIL.cdubois);
      await committee.goto(`${e2e.server.url}/process/instance/${instanceId}`);
      await committee.getByTestId('instance-claim-and-open').click();
      await committee.waitForURL((url) => url.pathname === `/process/task/${decisionId}`);
      await committee.getByTestId('task-form').waitFor();
      const shown = async (id: string) => fieldControl(committee, id).inputValue();
      await expect.poll(() => shown('lastName'), POLL).toBe(lastName);
      expect(await shown('firstName')).toBe(firstName);
      expect((await shown('loanAmount')).replace(/\D/g, '')).toMatch(/^61500(00)?$/);
      expect(await shown('termMonths')).toBe('240');
      expect(await shown('bureauScore')).toBe(score);
      expect(await fieldControl(committee, 'loanAmount').isEditable()).toBe(false);
      await committee.screenshot({ path: `${SHOTS}/decision-${language}.png`, fullPage: true });

      // 7. She grades it, gives her reasons and approves.
      const decisionForm = 'DSG-loan-credit-decision.json';
      await chooseOption(
        committee,
        'riskBand',
        await optionLabel(decisionForm, 'riskBand', 'A', language),
      );
      await fieldControl(committee, 'decisionDate').pressSequentially(
        new Date().toISOString().slice(0, 10).split('-').reverse().join('/'),
      );
      await fieldControl(committee, 'decisionNotes').fill('Stable income, long-standing customer.');
      await committee
        .getByRole('button', {
          name: await outcomeLabel(decisionForm, 'decisionOutcomes', 'approve', language),
          exact: true,
        })
        .click();
      await completed(committee, language);

      // 8. The papers, the valuation and the payment, each by whoever does them at the bank.
      const random = new SeededRandom(7);
      const loan = completeLoan(random, 'mortgage', 61_500, 240);
      const customer: DemoCustomer = {
        firstName,
        lastName,
        fullName: `${firstName} ${lastName}`,
        customerId: 'CUS-004217',
        dateOfBirth: '1984-03-12',
        email: 'customer@mail.example',
      };
      const today = new Date();
      let open = await openTasks(instanceId);
      await completeAs(EMAIL.lmartin, open.get('documentCollection')?.id ?? '', {
        outcome: 'Approve',
        values: documentValues(random, customer, loan, today),
      });
      await completeAs(EMAIL.cdubois, open.get('collateralValuation')?.id ?? '', {
        outcome: 'Submit valuation',
        values: collateralValues(loan, today),
      });
      open = await openTasks(instanceId);
      await completeAs(EMAIL.cdubois, open.get('disbursement')?.id ?? '', {
        outcome: 'Disburse',
        values: disbursementValues(customer, loan, today),
      });

      // 9. The case's page shows who did each step; the loan report names the case and them.
      await committee.goto(`${e2e.server.url}/process/instance/${instanceId}`);
      await expect
        .poll(() => committee.getByTestId('instance-status').textContent(), POLL)
        .toBe(await localeText(language, 'process', 'instance.statusValue.Completed'));
      await committee.screenshot({ path: `${SHOTS}/instance-${language}.png`, fullPage: true });
      await committee.goto(`${e2e.server.url}/report/loan/${instanceId}`);
      const facts = committee.getByTestId('report-facts');
      await facts.waitFor();
      expect(await facts.locator('[data-fact="businessKey"] dd').textContent()).toBe(businessKey);
      expect(await facts.locator('[data-fact="name"] dd').textContent()).toContain(
        `${firstName} ${lastName}`,
      );
      const steps = committee.getByTestId('report-task');
      const byWhom = async (index: number) =>
        (await steps.nth(index).locator('header p').textContent()) ?? '';
      expect(await steps.count()).toBeGreaterThanOrEqual(5);
      expect(await byWhom(0)).toContain('María García');
      expect(await byWhom(1)).toContain('Claire Dubois');
      expect(await steps.nth(1).locator('header h2').textContent()).toContain(
        `${firstName} ${lastName}`,
      );
      await committee.screenshot({ path: `${SHOTS}/report-${language}.png`, fullPage: true });
      const stored = await e2e.server.app.engine.listInstanceTasks('internal', instanceId, {
        completed: true,
      });
      const performers = new Map(stored.map((task) => [task.elementId, task.completedBy]));
      expect(performers.get('applicationIntake')).toBe(OFFICER_ID);
      expect(performers.get('supervisorApproval')).toBe(COMMITTEE_ID);
      expect(performers.get('documentCollection')).toBe('lmartin');
      expect(await byWhom(2)).toContain('Lucas Martin');
    } finally {
      await officerSession.context.close();
      await committeeSession.context.close();
    }
  }, 300_000);
});
