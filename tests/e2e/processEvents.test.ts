import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IntegrationPath, IntegrationScope } from '../../schemas/api/integration';
import { JobScheduler } from '../../server/engine';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { createIntegrationClient } from '../../server/identity/integrationClients';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl, openTaskPage, toastText } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';
const SHOTS = screenshotsFolder('process-events');
const FIXTURES = new URL('../../fixtures/deployments/', import.meta.url);

const e2e = setUpServerAndBrowser();

/**
 * Each walk signs in two people and reopens the dashboard until it shows the change: on a
 * loaded machine that takes longer than one screen's minute.
 */
const WALK_TIMEOUT_MS = 180_000;

async function fixture(name: string): Promise<string> {
  return readFile(new URL(name, FIXTURES), 'utf8');
}

// Both processes are in service, with the notes form their steps show.
beforeAll(async () => {
  const form: unknown = JSON.parse(await fixture('case-notes.json'));
  await storeFormDefinition(e2e.server.database.db, {
    tenant: 'internal',
    id: 'case-notes',
    kind: 'plain',
    definition: form as Record<string, unknown>,
  });
  for (const file of ['loan-review-deadline.bpmn', 'document-chase.bpmn']) {
    await e2e.server.app.engine.deploy('internal', await fixture(file));
  }
});

/** The one open task of a case (each step of these processes is one task at a time). */
async function openTaskOf(instanceId: string) {
  return e2e.server.database.db
    .selectFrom('tasks')
    .select(['id', 'element_id', 'assignee'])
    .where('tenant', '=', 'internal')
    .where('instance_id', '=', instanceId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
}

/**
 * Checks that the dashboard's assigned list, freshly opened, does or does not hold a row for
 * the task. The server's state is settled before this is asked; the list is opened again
 * until it shows it (a loaded machine may read the page before the list's answer lands).
 */
async function expectAssignedList(page: Page, taskId: string, holds: boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${e2e.server.url}/`);
        await page.locator('.tessera-table[data-list="assigned"]').waitFor();
        await page.waitForLoadState('networkidle');
        return (await page.locator(`[data-action="open"][data-task-id="${taskId}"]`).count()) > 0;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(holds);
}

/** Types the review notes and completes the task, waiting for the result message. */
async function completeWithNotes(page: Page, language: string, notes: string): Promise<void> {
  await fieldControl(page, 'reviewNotes').fill(notes);
  await page
    .getByRole('button', { name: await localeText(language, 'forms', 'complete'), exact: true })
    .click();
  await toastText(page, await localeText(language, 'tasks', 'completedTask')).waitFor();
}

describe('the events a lender models, walked by the people they reach', () => {
  it(
    'given an officer who leaves a loan review for two days, when the deadline passes, then the review leaves his list, his open page turns read-only without losing his notes, and the supervisor finishes it in French',
    async () => {
      const instance = await e2e.server.app.engine.startProcess('internal', {
        key: 'loanReviewDeadline',
        businessKey: 'LN-2026-0311',
        startedBy: 'jmorales',
        variables: { applicantName: 'Ada Lovelace', officer: 'lmartin', supervisor: 'mgarcia' },
      });
      const review = await openTaskOf(instance.id);
      expect(review).toMatchObject({ element_id: 'officerReview', assignee: 'lmartin' });

      let overdueId = '';
      const officer = await openPage(e2e.browser);
      try {
        const { page } = officer;
        await signIn(page, e2e.server.url, OFFICER);
        await expectAssignedList(page, review.id, true);
        await openTaskPage(page, e2e.server.url, review.id);
        await page.getByText('Review the loan of Ada Lovelace').first().waitFor();
        await fieldControl(page, 'reviewNotes').fill('Income checked against the payslips.');

        // Two days pass: the deadline's timer falls due and the scheduler fires it.
        await e2e.server.database.db
          .updateTable('process_jobs')
          .set({ due_at: new Date(Date.now() - 1000) })
          .where('tenant', '=', 'internal')
          .where('instance_id', '=', instance.id)
          .execute();
        expect(await new JobScheduler(e2e.server.app.engine).runDueJobs()).toBe(1);
        const overdue = await openTaskOf(instance.id);
        expect(overdue).toMatchObject({ element_id: 'overdueReview', assignee: 'mgarcia' });
        overdueId = overdue.id;

        // His open page learns it at once from the live inbox: the review is closed, there is
        // nothing left to click, and what he typed is still there.
        await page
          .getByTestId('task-live-note')
          .getByText(/^This task has been completed or cancelled while you had it open/)
          .waitFor();
        await expect
          .poll(() => page.getByRole('button', { name: 'Complete', exact: true }).count())
          .toBe(0);
        await page.screenshot({ path: `${SHOTS}/en-1280-late-officer.png`, fullPage: true });
        expect(await fieldControl(page, 'reviewNotes').inputValue()).toBe(
          'Income checked against the payslips.',
        );
        expect((await e2e.server.app.engine.getTask('internal', review.id)).state).toBe(
          'cancelled',
        );
        await expectAssignedList(page, review.id, false);
      } finally {
        await officer.context.close();
      }

      const supervisor = await openPage(e2e.browser, { locale: 'fr-FR' });
      try {
        const { page } = supervisor;
        await signIn(page, e2e.server.url, SUPERVISOR);
        await expectAssignedList(page, overdueId, true);
        await page.screenshot({ path: `${SHOTS}/fr-1280-supervisor-list.png`, fullPage: true });
        await openTaskPage(page, e2e.server.url, overdueId);
        await page.getByText('Overdue review: the loan of Ada Lovelace').first().waitFor();
        const findings = await auditScreen(page, 'fr 1280 px: overdue review');
        await completeWithNotes(page, 'fr', 'Revue faite en retard : revenus vérifiés.');
        expect(findings, formatFindings(findings)).toEqual([]);
      } finally {
        await supervisor.context.close();
      }
      const ended = await e2e.server.app.engine.getInstance('internal', instance.id);
      expect(ended.endedAt).not.toBeNull();
      expect(ended.variables).toMatchObject({
        reviewNotes: 'Revue faite en retard : revenus vérifiés.',
      });
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given an officer chasing documents, when the scanner says through the API that they arrived, then the chase leaves his list and the check takes its place, which he completes',
    async () => {
      const instance = await e2e.server.app.engine.startProcess('internal', {
        key: 'documentChase',
        businessKey: 'LN-2026-0312',
        startedBy: 'jmorales',
        variables: { applicantName: 'Grace Hopper', officer: 'lmartin' },
      });
      const chase = await openTaskOf(instance.id);
      expect(chase).toMatchObject({ element_id: 'chaseDocuments', assignee: 'lmartin' });
      const { token } = await createIntegrationClient(e2e.server.database.db, {
        tenant: 'internal',
        name: 'Document scanner',
        scopes: [IntegrationScope.messages],
        createdBy: 'pnair',
      });

      const officer = await openPage(e2e.browser);
      try {
        const { page } = officer;
        await signIn(page, e2e.server.url, OFFICER);
        await expectAssignedList(page, chase.id, true);

        // The scanner, an outside system, calls the integration API with its own token.
        const sent = await fetch(`${e2e.server.url}${IntegrationPath.messages}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messageName: 'documentsReceived',
            businessKey: 'LN-2026-0312',
            variables: { documentsReceived: ['payslips', 'passport'] },
          }),
        });
        expect(sent.status).toBe(200);
        const check = await openTaskOf(instance.id);
        expect(check).toMatchObject({ element_id: 'checkDocuments', assignee: 'lmartin' });

        await expectAssignedList(page, chase.id, false);
        await expectAssignedList(page, check.id, true);
        await page.screenshot({ path: `${SHOTS}/en-1280-after-message.png`, fullPage: true });
        await openTaskPage(page, e2e.server.url, check.id);
        await page.getByText('Check the documents of Grace Hopper').first().waitFor();
        await completeWithNotes(page, 'en', 'Payslips and passport are in order.');
      } finally {
        await officer.context.close();
      }
      const ended = await e2e.server.app.engine.getInstance('internal', instance.id);
      expect(ended.endedAt).not.toBeNull();
      expect(ended.variables).toMatchObject({
        documentsReceived: ['payslips', 'passport'],
        reviewNotes: 'Payslips and passport are in order.',
      });
    },
    WALK_TIMEOUT_MS,
  );
});
