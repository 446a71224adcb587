import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { chooseFilesByKeyboard, expectFocus, tabTo } from '../helpers/keyboard';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl, openTaskPage, toastText } from '../helpers/taskPage';

/** The form author, who administers the tenant (access-admin). */
const ADMIN = 'priya.nair@tessera.example';
const SHOTS = screenshotsFolder('process-deployments');
const FIXTURES = new URL('../../fixtures/deployments/', import.meta.url);

const e2e = setUpServerAndBrowser();

async function fixture(name: string): Promise<Buffer> {
  return readFile(new URL(name, FIXTURES));
}

// Version 1 of the expense claim is in service already, as if deployed last month.
beforeAll(async () => {
  const form: unknown = JSON.parse((await fixture('expense-claim-v1.json')).toString('utf8'));
  await storeFormDefinition(e2e.server.database.db, {
    tenant: 'internal',
    id: 'expense-claim',
    kind: 'plain',
    definition: form as Record<string, unknown>,
  });
  await e2e.server.app.engine.deploy(
    'internal',
    (await fixture('expense-approval-v1.bpmn')).toString('utf8'),
  );
  // Priya's taxi of last week, still open on version 1 when version 2 goes live.
  const running = await e2e.server.app.engine.startProcess('internal', {
    key: 'expenseApproval',
    name: 'Taxi to the branch',
    startedBy: 'pnair',
  });
  firstCase.id = running.id;
});

/** The case started on version 1 before version 2 was deployed. */
const firstCase = { id: '' };

/** The open task of a case (each version has one open at a time). */
async function openTaskOfCase(instanceId: string) {
  return e2e.server.database.db
    .selectFrom('tasks')
    .select(['id', 'element_id'])
    .where('tenant', '=', 'internal')
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
}

/** Opens a task of Priya's, fills its fields and completes it, waiting for the result. */
async function fillAndComplete(
  page: Page,
  taskId: string,
  values: Record<string, string>,
): Promise<void> {
  await openTaskPage(page, e2e.server.url, taskId);
  for (const [fieldId, value] of Object.entries(values)) {
    await fieldControl(page, fieldId).fill(value);
  }
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await toastText(page, 'The task was completed.').waitFor();
}

describe('deploying a process from the Processes screen', () => {
  it('given version 1 in service, when the administrator deploys version 2 with its form using only the keyboard, then the check says it is ready, the new version is listed as current and the focus is back on Deploy', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
      await tabTo(page, { selector: 'a.tessera-nav__item', text: 'Processes' });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin/processes');
      await expectFocus(page, { selector: 'h1', text: 'Processes' });
      const expense = page.locator('section[data-process-key="expenseApproval"]');
      await expense.getByRole('rowheader', { name: 'Version 1' }).waitFor();

      // Deploy a process, by keyboard.
      await tabTo(page, { selector: 'button', text: 'Deploy a process' });
      await page.keyboard.press('Enter');
      // Once the drawer has slid in: a chooser asked for mid-transition may not open.
      await page.locator('.bp6-drawer.bp6-overlay-enter-done').waitFor();
      await tabTo(page, { selector: '#deploy-bpmn' });
      await chooseFilesByKeyboard(page, 'Space', [
        {
          name: 'expense-approval-v2.bpmn',
          mimeType: 'application/xml',
          buffer: await fixture('expense-approval-v2.bpmn'),
        },
      ]);
      await tabTo(page, { selector: '#deploy-forms' });
      await chooseFilesByKeyboard(page, 'Space', [
        {
          name: 'expense-claim-v2.json',
          mimeType: 'application/json',
          buffer: await fixture('expense-claim-v2.json'),
        },
      ]);

      // The check: ready as version 2, with the setting that changes nothing as a warning.
      const verdict = page.getByTestId('deploy-verdict');
      await verdict
        .getByText('Ready to deploy Expense approval (expenseApproval) as version 2.')
        .waitFor();
      const warnings = page.locator('.tessera-deploy__problems--warning li');
      expect(await warnings.allInnerTexts()).toEqual([
        expect.stringContaining('UserTask “confirm”, camunda:asyncBefore'),
      ]);
      expect(await page.locator('.tessera-deploy__problems--error').count()).toBe(0);
      const findings = await auditScreen(page, 'en 1280 px: deploy drawer', '.bp6-drawer');
      await page.screenshot({ path: `${SHOTS}/en-1280-drawer.png` });

      await tabTo(page, { selector: 'button[type="submit"]', text: 'Deploy' });
      await page.keyboard.press('Enter');

      // Version 2 is listed as current, deployed by Priya; the focus is back on Deploy.
      const version2 = expense.locator('tr', {
        has: page.getByRole('rowheader', { name: 'Version 2' }),
      });
      await version2.waitFor();
      expect(await version2.locator('td').allInnerTexts()).toEqual([
        'Current',
        expect.stringMatching(/^\d{2} \S+ \d{4} \d{2}:\d{2}$/),
        'Priya Nair',
        '0',
        '',
      ]);
      await expectFocus(page, { selector: 'button', text: 'Deploy a process' });
      const definitions = await e2e.server.database.db
        .selectFrom('process_definitions')
        .select(['version', 'deployed_by'])
        .where('tenant', '=', 'internal')
        .where('key', '=', 'expenseApproval')
        .orderBy('version')
        .execute();
      expect(definitions).toEqual([
        { version: 1, deployed_by: null },
        { version: 2, deployed_by: 'pnair' },
      ]);

      findings.push(...(await auditScreen(page, 'en 1280 px: processes')));
      await page.screenshot({ path: `${SHOTS}/en-1280.png`, fullPage: true });
      // A phone: versions as cards, nothing wider than the screen.
      await page.setViewportSize({ width: 375, height: 800 });
      await expense.locator('.tessera-deployments__cards').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      findings.push(...(await auditScreen(page, 'en 375 px: processes')));
      await page.screenshot({ path: `${SHOTS}/en-375.png`, fullPage: true });
      expect(findings, formatFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('given a case running on version 1 when version 2 went live, when Priya finishes it and a case started since, then each runs to its end on its own version, with its own form', async () => {
    const secondCase = await e2e.server.app.engine.startProcess('internal', {
      key: 'expenseApproval',
      name: 'Client lunch',
      startedBy: 'pnair',
    });
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, ADMIN);

      // Version 1's claim: the amount only, and the case ends with it.
      const oldClaim = await openTaskOfCase(firstCase.id);
      await openTaskPage(page, e2e.server.url, oldClaim.id);
      expect(await page.locator('[id$="_purpose"]').count()).toBe(0);
      await fillAndComplete(page, oldClaim.id, { amount: '38' });

      // Version 2's claim asks what it was for, then a confirmation step follows.
      const newClaim = await openTaskOfCase(secondCase.id);
      expect(newClaim.element_id).toBe('claim');
      await fillAndComplete(page, newClaim.id, { amount: '86', purpose: 'Client lunch' });
      const confirm = await openTaskOfCase(secondCase.id);
      expect(confirm.element_id).toBe('confirm');
      // A step its process gives no form: said in words, with the Complete button.
      await openTaskPage(page, e2e.server.url, confirm.id);
      await page.getByText('Confirm Client lunch').first().waitFor();
      await page.getByTestId('task-formless').waitFor();
      await page.screenshot({ path: `${SHOTS}/en-1280-formless.png`, fullPage: true });
      await page.getByRole('button', { name: 'Complete', exact: true }).click();
      await toastText(page, 'The task was completed.').waitFor();
    } finally {
      await context.close();
    }
    const first = await e2e.server.app.engine.getInstance('internal', firstCase.id);
    const second = await e2e.server.app.engine.getInstance('internal', secondCase.id);
    expect(
      [first, second].map((instance) => [instance.definitionVersion, instance.endedAt !== null]),
    ).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(first.variables).toMatchObject({ amount: 38 });
    expect(first.variables).not.toHaveProperty('purpose');
    expect(second.variables).toMatchObject({ amount: 86, purpose: 'Client lunch' });
  });

  it('in French on a phone, given a process file with a script task and a form that is not JSON, then both problems are listed in French with their place, Deploy stays off, and closing the drawer returns to Deploy', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR', width: 375 });
    try {
      await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
      await page.goto(`${e2e.server.url}/admin/processes`);
      await page.locator('.tessera-deployments__cards').first().waitFor();
      const open = page.getByRole('button', { name: 'Déployer un processus' });
      await open.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('deploy-process-form').waitFor();
      const broken = (await fixture('expense-approval-v1.bpmn'))
        .toString('utf8')
        .replace('<endEvent id="end"', '<scriptTask id="tally" /><endEvent id="end"');
      await page.locator('#deploy-bpmn').setInputFiles({
        name: 'note-de-frais.bpmn',
        mimeType: 'application/xml',
        buffer: Buffer.from(broken),
      });
      await page.locator('#deploy-forms').setInputFiles({
        name: 'note-de-frais.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{ "key": '),
      });
      await page
        .getByTestId('deploy-verdict')
        .getByText('2 problèmes doivent être corrigés avant le déploiement.')
        .waitFor();
      const errors = await page.locator('.tessera-deploy__problems--error li').allInnerTexts();
      expect(errors).toEqual([
        expect.stringContaining('note-de-frais.json'),
        expect.stringContaining('ScriptTask « tally »'),
      ]);
      expect(await page.getByTestId('deploy-submit').isDisabled()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const findings = await auditScreen(page, 'fr 375 px: refused check', '.bp6-drawer');
      await page.screenshot({ path: `${SHOTS}/fr-375-refused.png`, fullPage: true });
      await page.keyboard.press('Escape');
      await expectFocus(page, { selector: 'button', text: 'Déployer un processus' });
      expect(findings, formatFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
