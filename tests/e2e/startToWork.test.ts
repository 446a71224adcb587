import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { openPage } from '../helpers/browser';
import { expectFocus } from '../helpers/keyboard';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Focus moves after transitions and data loads; a busy machine may take seconds. */
const POLL = { timeout: 15_000 };
const SHOTS = screenshotsFolder('start-to-work');

const e2e = setUpServerAndBrowser();

/** Starts a customer onboarding as the officer, as the drawer would; answers its id. */
async function startedOnboarding(): Promise<string> {
  const instance = await e2e.server.app.engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    name: 'Customer onboarding',
  });
  return instance.id;
}

/** The number the dashboard's candidate tab shows, once it shows one. */
async function candidateCount(page: Page): Promise<number> {
  const badge = page.getByTestId('tab-count-candidate');
  await badge.waitFor();
  return Number(await badge.textContent());
}

/** Whether the form shows an editable first field and the completion button. */
async function editable(page: Page): Promise<boolean> {
  const complete = page.getByRole('button', { name: 'Complete onboarding' });
  return (await complete.count()) > 0 && (await complete.first().isVisible());
}

describe('from starting a process to working on it', () => {
  it('given the start-process drawer, when the officer starts an onboarding and presses Enter on the focused Claim and open, then he lands on the task, which is his and open for editing', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);

      // When he starts a customer onboarding from the drawer.
      await page.getByRole('button', { name: 'Start a process' }).first().click();
      await page.locator('.tessera-process-choice[data-definition="customerOnboarding"]').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Start', exact: true }).click();

      // Then the new instance opens, its first step offered to him with the focus on it.
      await page.waitForURL(/\/process\/instance\/[^/]+$/);
      const claim = page.getByRole('button', { name: /^Claim and open/ });
      await claim.waitFor();
      // It keeps the focus once the drawer has gone (closing, it would give it back to its
      // opener in the header).
      await page.getByTestId('start-process-drawer').waitFor({ state: 'detached' });
      await expectFocus(page, { selector: '[data-testid="instance-claim-and-open"]' });
      await page.screenshot({ path: `${SHOTS}/instance-claim-and-open.png`, fullPage: true });
      const taskId = await claim.getAttribute('data-task-id');
      expect(taskId).toBeTruthy();

      // When he presses Enter.
      await page.keyboard.press('Enter');

      // Then the task page opens on its heading, the task is his, and its form is editable.
      await page.waitForURL((url) => url.pathname === `/process/task/${taskId}`);
      await page.getByTestId('task-form').waitFor();
      await expectFocus(page, { selector: 'h1' });
      await expect
        .poll(() => page.getByTestId('task-assignee').textContent(), POLL)
        .toBe('Lucas Martin');
      await expect.poll(() => editable(page), POLL).toBe(true);
      expect(await page.getByTestId('task-read-only-note').count()).toBe(0);
      const stored = await e2e.server.app.engine.getTask('internal', taskId ?? '');
      expect(stored.assignee).toBe(OFFICER_ID);
    } finally {
      await context.close();
    }
  });

  it('given an onboarding step nobody has claimed, when the officer opens it, then one sentence says why it is read-only, and Claim makes it his and editable in place', async () => {
    const instanceId = await startedOnboarding();
    const task = await openTaskOf(e2e.server, instanceId);
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/process/task/${task.id}`);
      await page.getByTestId('task-form').waitFor();

      // The note says why, the form cannot be completed yet.
      const note = page.getByTestId('task-read-only-note');
      await expect
        .poll(() => note.textContent(), POLL)
        .toContain('This task is not assigned to anyone yet. Claim it to work on it.');
      expect(await editable(page)).toBe(false);
      await page.screenshot({ path: `${SHOTS}/task-claim-note.png` });

      // When he claims it (the page is not reloaded: a mark left on the window stays).
      await page.evaluate(() => {
        (window as unknown as { stayedHere: boolean }).stayedHere = true;
      });
      await page.getByTestId('task-claim').focus();
      await page.keyboard.press('Enter');

      // Then it is his, the note is gone, the claim is announced, the form is editable and
      // its first field has the focus.
      await page.getByRole('alert').filter({ hasText: 'The task is yours now' }).waitFor();
      await note.waitFor({ state: 'detached' });
      await expect.poll(() => editable(page), POLL).toBe(true);
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const active = document.activeElement;
              return (
                active instanceof HTMLInputElement &&
                !active.disabled &&
                !active.readOnly &&
                active.closest('[data-testid="task-form"]') !== null
              );
            }),
          POLL,
        )
        .toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere),
      ).toBe(true);
      expect(new URL(page.url()).pathname).toBe(`/process/task/${task.id}`);
      expect((await e2e.server.app.engine.getTask('internal', task.id)).assignee).toBe(OFFICER_ID);
    } finally {
      await context.close();
    }
  });

  it('given an onboarding the officer started, when he withdraws it with a reason through the dialog, then the page shows it withdrawn with the reason and its step leaves his dashboard', async () => {
    const instanceId = await startedOnboarding();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      const before = await candidateCount(page);
      expect(before).toBeGreaterThanOrEqual(1);

      await page.goto(`${e2e.server.url}/process/instance/${instanceId}`);
      const withdraw = page.getByTestId('instance-withdraw');
      await withdraw.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Withdraw this case?' }).waitFor();
      // Once it has faded in, the dialog puts the focus on Cancel, as every confirmation does.
      await page.locator('.bp6-overlay-enter-done .tessera-confirm-dialog').waitFor();
      await expectFocus(page, { selector: 'button', text: 'Cancel' });

      // Without a reason, Withdraw says one is needed and leads to the field.
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await dialog.getByText('Give a reason for withdrawing the case.').waitFor();
      await expectFocus(page, { selector: '[data-testid="withdraw-reason"]' });
      await page.screenshot({ path: `${SHOTS}/withdraw-dialog-needs-reason.png` });

      // With one, it withdraws the case.
      await page.keyboard.type('The customer chose another bank.');
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // The page says so, with who, when and why, and the focus is on that note.
      await expect
        .poll(() => page.getByTestId('instance-status').textContent(), POLL)
        .toBe('Withdrawn');
      await expect
        .poll(() => page.getByTestId('instance-withdrawal-reason').textContent(), POLL)
        .toBe('The customer chose another bank.');
      expect(await page.getByTestId('instance-withdrawal').textContent()).toContain(
        'Withdrawn by Lucas Martin',
      );
      await expectFocus(page, { selector: '[data-testid="instance-withdrawal"]' });
      await page.screenshot({ path: `${SHOTS}/instance-withdrawn.png`, fullPage: true });
      expect(await withdraw.count()).toBe(0);
      expect(await page.getByTestId('instance-claim-and-open').count()).toBe(0);

      // And the dashboard no longer lists its step.
      await page.getByTestId('task-back').or(page.locator('.tessera-page__back')).first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => candidateCount(page), POLL).toBe(before - 1);
    } finally {
      await context.close();
    }
  });
});
