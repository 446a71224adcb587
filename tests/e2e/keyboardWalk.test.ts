import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { startLoanApplication } from '../helpers/loanApplication';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import {
  escapeFromOverlay,
  expectFocus,
  overlaysClosed,
  reassignByKeyboard,
  tabTo,
  type FocusTarget,
} from '../helpers/keyboard';

// After each page load these tests use page.keyboard only: no click, no fill, no focus().
const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';

/** A whole walk, key by key, on a busy two-core machine: generous, only a hang reaches it. */
const WALK_TIMEOUT_MS = 300_000;

const e2e = setUpServerAndBrowser();

/** Lucas's loan application (the designer form with every kind of field the walk needs). */
let applicationTaskId = '';
/** A task of Amara's that her supervisor reassigns. */
let teamTaskId = '';

beforeAll(async () => {
  await deployKit(e2e.server);
  applicationTaskId = (await startLoanApplication(e2e.server, 'lmartin', 'Grace Hopper')).task.id;
  teamTaskId = (
    await makeTask(e2e.server, { name: 'Keyboard case', assignee: 'aokafor', seen: true })
  ).id;
  await makeTask(e2e.server, { name: 'Second keyboard case', assignee: 'aokafor', seen: true });
});

/** The dashboard tab of a list, as the keyboard reaches it. */
const tabOf = (kind: string): FocusTarget => ({
  selector: `[role="tab"]:has([data-tab="${kind}"])`,
});

/** Signs in with the keyboard only: the address, Tab to the password, Enter. */
async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto(`${e2e.server.url}/login`);
  await page.locator('#email').waitFor();
  await tabTo(page, { selector: '#email' });
  await page.keyboard.type(email);
  await tabTo(page, { selector: '#password' });
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="tab-count-assigned"]').waitFor();
}

/** Moves between dashboard tabs with an arrow key and checks the tab shown follows. */
async function arrowToTab(page: Page, key: 'ArrowRight' | 'ArrowLeft', kind: string) {
  await page.keyboard.press(key);
  await expectFocus(page, tabOf(kind));
  await page.locator(`[role="tab"][aria-selected="true"] [data-tab="${kind}"]`).waitFor();
  await page.locator(`[data-testid="tab-count-${kind}"]`).waitFor();
}

/** Opens an overlay from its trigger with Enter, closes it with Escape, checks the focus. */
async function escapeReturnsFocus(page: Page, trigger: FocusTarget, opened: string): Promise<void> {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await page.locator(opened).first().waitFor();
  await escapeFromOverlay(page);
  await overlaysClosed(page);
  await expectFocus(page, trigger);
}

describe('keyboard only', () => {
  it(
    'given an officer, when he signs in, switches tabs with the arrows and fills, submits and saves a task, then every step answers the keyboard',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      // A busy two-core machine may take long to load a page: wait for it, not for a clock.
      page.setDefaultTimeout(60_000);
      try {
        await signInByKeyboard(page, OFFICER);

        // The tab list: the arrow keys move the focus and the list shown with it.
        await tabTo(page, tabOf('assigned'));
        await arrowToTab(page, 'ArrowRight', 'candidate');
        await arrowToTab(page, 'ArrowRight', 'team');
        await arrowToTab(page, 'ArrowLeft', 'candidate');
        await arrowToTab(page, 'ArrowLeft', 'assigned');

        // Open the task from its row.
        await page.locator(`[data-action="open"][data-task-id="${applicationTaskId}"]`).waitFor();
        await tabTo(page, {
          selector: `[data-action="open"][data-task-id="${applicationTaskId}"]`,
        });
        await page.keyboard.press('Enter');
        await page.waitForURL(`${e2e.server.url}/process/task/${applicationTaskId}`);
        await page.getByTestId('task-form').waitFor();

        // Submit the empty form: the focus lands on the first field in error.
        const submit: FocusTarget = { selector: 'button', text: 'Submit application' };
        await tabTo(page, submit);
        await page.keyboard.press('Enter');
        await page.locator('.tf-errors').first().waitFor();
        const firstName: FocusTarget = { selector: '[id$="_firstName"]' };
        await expectFocus(page, firstName);

        // Type into the field showing its error: every character is kept, the focus stays.
        const name = 'Ada María Lovelace-Byron';
        await page.keyboard.type(name);
        await expectFocus(page, firstName);
        expect(await page.locator('[id$="_firstName"]').inputValue()).toBe(name);

        // Type a date digit by digit, day first: the mask puts the slashes in.
        const birth: FocusTarget = { selector: '[id$="_dateOfBirth"]' };
        await tabTo(page, birth);
        for (const digit of '12031984') await page.keyboard.press(digit);
        expect(await page.locator('[id$="_dateOfBirth"]').inputValue()).toBe('12/03/1984');
        await expectFocus(page, birth);

        // Choose a radio with the arrows: Tab enters the group, Down picks the next choice.
        await tabTo(page, { selector: '[id$="_employmentStatus"] input[type="radio"]' });
        await page.keyboard.press('ArrowDown');
        const checked = await page
          .locator('[id$="_employmentStatus"] input[type="radio"]')
          .evaluateAll((radios) =>
            radios.findIndex((radio) => (radio as HTMLInputElement).checked),
          );
        expect(checked).toBe(1);

        // Submit with errors left: the focus lands on a field showing its error (the form
        // ranks them: a missing required value before a malformed one).
        await tabTo(page, submit);
        await page.keyboard.press('Enter');
        await expectFocus(page, { selector: '.tf-cell:has(.tf-errors) *' });
        // What was typed is still there.
        expect(await page.locator('[id$="_firstName"]').inputValue()).toBe(name);

        // Save: the values are kept on the task and the dashboard comes back.
        await tabTo(page, { selector: 'button', text: 'Save' });
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/');
        const saved = await e2e.server.app.engine.getTask('internal', applicationTaskId);
        expect(JSON.stringify(saved)).toContain(name);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given the supervisor, when she opens each dialog with Enter and presses Escape, then it closes and the focus is back on its trigger',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      // A busy two-core machine may take long to load a page: wait for it, not for a clock.
      page.setDefaultTimeout(60_000);
      try {
        await signInByKeyboard(page, SUPERVISOR);
        await escapeReturnsFocus(
          page,
          { selector: '[data-testid="filters-button"]' },
          '#filter-due-date',
        );
        await escapeReturnsFocus(
          page,
          { selector: '[data-testid="notification-bell"]' },
          '[data-testid="notification-panel"]',
        );
        await escapeReturnsFocus(
          page,
          { selector: '[data-testid="start-process"]' },
          '[data-definition]',
        );

        await tabTo(page, tabOf('assigned'));
        await arrowToTab(page, 'ArrowRight', 'candidate');
        await arrowToTab(page, 'ArrowRight', 'team');
        const reassign = `[data-action="reassign"][data-task-id="${teamTaskId}"]`;
        await page.locator(reassign).waitFor();
        await escapeReturnsFocus(page, { selector: reassign }, '[role="dialog"] [data-user-id]');

        // The bulk dialog: select every row with Space, then open it.
        await tabTo(page, {
          selector: '[data-testid="select-all"], [data-testid="select-all"] input',
        });
        await page.keyboard.press('Space');
        await page.locator('[data-testid="bulk-reassign"]').waitFor();
        await escapeReturnsFocus(
          page,
          { selector: '[data-testid="bulk-reassign"]' },
          '[role="dialog"] [data-user-id]',
        );
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given a team task, when the supervisor reassigns it with the keyboard, then it moves and the focus is back on the list',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      // A busy two-core machine may take long to load a page: wait for it, not for a clock.
      page.setDefaultTimeout(60_000);
      try {
        await signInByKeyboard(page, SUPERVISOR);
        await tabTo(page, tabOf('assigned'));
        await arrowToTab(page, 'ArrowRight', 'candidate');
        await arrowToTab(page, 'ArrowRight', 'team');
        const reassign = `[data-action="reassign"][data-task-id="${teamTaskId}"]`;
        await page.locator(reassign).waitFor();
        await tabTo(page, { selector: reassign });
        await page.keyboard.press('Enter');

        // Pick Lucas, go on, and confirm, by keyboard alone. 'Reassigned successfully'
        // leaves by itself after 7 s: it is watched for from before the confirmation, so a
        // dialog slow to close on a busy machine cannot outlast it.
        const success = page.locator('[data-testid="reassign-success"]').waitFor();
        success.catch(() => undefined);
        await reassignByKeyboard(page, 'lmartin');
        await success;
        const task = await e2e.server.app.engine.getTask('internal', teamTaskId);
        expect(task.assignee).toBe('lmartin');
        // The focus is back on the list, not lost on the page body.
        await expectFocus(page, { selector: '[role="tabpanel"] *, .tessera-table *' });
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );
});
