import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { escapeFromOverlay } from '../helpers/keyboard';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';

const e2e = setUpServerAndBrowser();

let officerTaskId = '';
let keyboardTaskId = '';
let detailTaskId = '';
let alreadyTaskId = '';

beforeAll(async () => {
  await deployKit(e2e.server);
  officerTaskId = (await makeTask(e2e.server, { name: 'Check Duarte income', assignee: 'lmartin' }))
    .id;
  await makeTask(e2e.server, { name: 'Check Duarte address', assignee: 'lmartin', seen: true });
  keyboardTaskId = (
    await makeTask(e2e.server, {
      name: 'Keyboard Nakamura file',
      assignee: 'aokafor',
      candidateGroups: ['loan-officers'],
      seen: true,
    })
  ).id;
  detailTaskId = (
    await makeTask(e2e.server, { name: 'Detail Osei file', assignee: 'aokafor', seen: true })
  ).id;
  for (const name of ['Mixed Abara 1', 'Mixed Abara 2']) {
    await makeTask(e2e.server, {
      name,
      assignee: 'aokafor',
      candidateGroups: ['loan-officers'],
      seen: true,
    });
  }
  alreadyTaskId = (
    await makeTask(e2e.server, {
      name: 'Mixed Abara 3',
      assignee: 'jmorales',
      candidateGroups: ['loan-officers'],
      seen: true,
    })
  ).id;
});

/** What the focused element is, in the terms the tests speak of. */
function focused(page: Page): Promise<{
  role: string | null;
  tab: string | null;
  action: string | null;
  taskId: string | null;
  text: string;
}> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      role: element?.getAttribute('role') ?? null,
      tab: element?.getAttribute('data-tab-id') ?? null,
      action: element?.getAttribute('data-action') ?? null,
      taskId: element?.getAttribute('data-task-id') ?? null,
      text: element?.textContent ?? '',
    };
  });
}

/** Presses Tab until a tab of the tab list has the focus; fails after `limit` presses. */
async function tabIntoTabList(page: Page, tabListSelector: string, limit = 40): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    const inside = await page.evaluate(
      (selector) =>
        document.activeElement?.closest(`${selector} [role="tab"]`) !== null &&
        document.activeElement?.closest(selector) !== null,
      tabListSelector,
    );
    if (inside) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${tabListSelector}`);
}

/** Every tab's aria-controls names an element of the page that is a tab panel. */
async function controlledPanelsExist(page: Page, tabListSelector: string): Promise<boolean[]> {
  return page.evaluate((selector) => {
    const tabs = Array.from(document.querySelectorAll(`${selector} [role="tab"]`));
    return tabs.map((tab) => {
      const id = tab.getAttribute('aria-controls');
      const panel = id ? document.getElementById(id) : null;
      return panel?.getAttribute('role') === 'tabpanel';
    });
  }, tabListSelector);
}

/** Waits until the focused element is the row button of a task. */
async function focusIsOn(page: Page, action: string, taskId: string): Promise<void> {
  await page.waitForFunction(
    ([wanted, id]) => {
      const element = document.activeElement;
      return (
        element !== null &&
        element.getAttribute('data-action') === wanted &&
        element.getAttribute('data-task-id') === id
      );
    },
    [action, taskId],
  );
}

describe('the dashboard by keyboard', () => {
  it('given the dashboard, when Tab reaches the tabs, then the arrow keys switch lists and each tab controls a panel that exists', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-testid="page-range"]').waitFor();
    await page.locator('body').focus();

    await tabIntoTabList(page, '.tessera-dashboard__tabs');
    expect((await focused(page)).tab).toBe('assigned');
    expect(await controlledPanelsExist(page, '.tessera-dashboard__tabs')).toEqual([
      true,
      true,
      true,
    ]);

    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).tab).toBe('candidate');
    await page.locator('[data-tab-id="candidate"][aria-selected="true"]').waitFor();
    // The panel shown is the one the focused tab controls.
    await page.locator(`[role="tabpanel"]:not([hidden])[aria-labelledby$="_candidate"]`).waitFor();

    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).tab).toBe('team');
    await page.locator('[data-tab-id="team"][aria-selected="true"]').waitFor();

    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).tab).toBe('candidate');
    await page.locator('[data-tab-id="candidate"][aria-selected="true"]').waitFor();
    expect(await controlledPanelsExist(page, '.tessera-dashboard__tabs')).toEqual([
      true,
      true,
      true,
    ]);
    await context.close();
  });

  it('given a task page, when Tab reaches the comment tabs, then the arrow keys switch Comments and Reassignments', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.goto(`${e2e.server.url}/process/task/${officerTaskId}`);
    await page.getByTestId('task-comments').waitFor();
    await page.locator('.tessera-task-comments__state').waitFor({ state: 'detached' });
    await page.locator('body').focus();

    await tabIntoTabList(page, '.tessera-task-comments__tabs', 80);
    expect((await focused(page)).tab).toBe('taskComments');
    expect(await controlledPanelsExist(page, '.tessera-task-comments__tabs')).toEqual([true, true]);

    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).tab).toBe('reassignComments');
    await page.locator('[data-tab-id="reassignComments"][aria-selected="true"]').waitFor();
    await page.keyboard.press('ArrowLeft');
    expect((await focused(page)).tab).toBe('taskComments');
    await page.locator('[data-tab-id="taskComments"][aria-selected="true"]').waitFor();
    expect(await controlledPanelsExist(page, '.tessera-task-comments__tabs')).toEqual([true, true]);
    await context.close();
  });

  it('given a team task, when the supervisor reassigns it by keyboard, then Escape and the finished reassign both give the focus back to its row button', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);
    await page.locator('[data-tab="team"]').click();
    await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Keyboard Nakamura');
    await page.locator('[data-testid="page-range"]', { hasText: '1–1 of 1' }).waitFor();

    const trigger = page.locator(
      `button[data-action="reassign"][data-task-id="${keyboardTaskId}"]`,
    );
    await expect(trigger.getAttribute('aria-label')).resolves.toBe(
      'Reassign: Keyboard Nakamura file',
    );
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Reassign task' }).waitFor();
    await escapeFromOverlay(page);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await focusIsOn(page, 'reassign', keyboardTaskId);

    // Again, to the end: the person by keyboard, Continue, then the confirmation.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reassign task' });
    await dialog.locator('[data-user-id="jmorales"]').waitFor();
    await dialog.locator('[data-user-id="jmorales"]').focus();
    await page.keyboard.press('Enter');
    await dialog.locator('[data-user-id="jmorales"][aria-selected="true"]').waitFor();
    await page.getByTestId('reassign-continue').focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Reassign' });
    await confirm.waitFor();
    // Once the confirmation has finished opening (it then sets its own focus), move the
    // focus to Reassign and press it.
    await page
      .locator('.bp6-overlay-enter-done [role="dialog"]', { hasText: 'Confirm reassignment' })
      .waitFor();
    await confirm.focus();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Reassign');
    await page.keyboard.press('Enter');

    await page.locator('[data-testid="reassign-success"]').waitFor();
    await focusIsOn(page, 'reassign', keyboardTaskId);
    await page.locator('.tessera-table', { hasText: 'Javier Morales' }).waitFor();
    await context.close();
  });

  it('given a team task, when its details are shown and closed, then the focus is back on its details button', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);
    await page.locator('[data-tab="team"]').click();
    await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Detail Osei');
    await page.locator('[data-testid="page-range"]', { hasText: '1–1 of 1' }).waitFor();

    await page.locator(`button[data-action="details"][data-task-id="${detailTaskId}"]`).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('team-task-detail').waitFor();
    expect((await focused(page)).text).toBe('Detail Osei file');
    await page.getByRole('button', { name: 'Back to team tasks' }).focus();
    await page.keyboard.press('Enter');
    await focusIsOn(page, 'details', detailTaskId);
    await context.close();
  });
});

describe('the dashboard while it loads', () => {
  it('given a slow list answer, when the officer signs in, then a loading state shows until the real figures, never 0–0 of 0', async () => {
    const { context, page } = await openPage(e2e.browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/query/v1/tasks/assigned', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.server.url}/login`);
    await page.locator('#email').fill(OFFICER);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();

    await page.getByTestId('list-loading').waitFor();
    await expect(page.getByTestId('list-loading').textContent()).resolves.toBe('Loading tasks…');
    expect(await page.locator('[data-testid="page-range"]').count()).toBe(0);
    expect(await page.getByText('0–0 of 0').count()).toBe(0);
    expect(await page.locator('.tessera-quick-filter__count[data-count="0"]').count()).toBe(0);
    expect(await page.locator('.tessera-table__skeleton').count()).toBeGreaterThan(0);

    release();
    await page.locator('[data-testid="page-range"]', { hasText: '1–2 of 2' }).waitFor();
    expect(await page.getByTestId('list-loading').count()).toBe(0);
    await expect(
      page.locator('[data-filter="ALL"] .tessera-quick-filter__count').textContent(),
    ).resolves.toBe('2');
    await context.close();
  });
});

describe('accessible names on the dashboard', () => {
  it('given the assigned list, then headers, row buttons, quick filters and the page size are named for what they are', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-testid="page-range"]', { hasText: '1–2 of 2' }).waitFor();

    // The header is named by its column; aria-sort tells the order.
    const dueHeader = page.getByRole('columnheader', { name: 'Due date' });
    await expect(dueHeader.getAttribute('aria-sort')).resolves.toBe('ascending');
    await page.getByRole('button', { name: 'Task', exact: true }).waitFor();
    // Each row's button names its task.
    await page.getByRole('button', { name: 'Open task: Check Duarte income' }).waitFor();
    await page.getByRole('button', { name: 'Open task: Check Duarte address' }).waitFor();
    // A quick filter reads "All, 2", not "All2".
    await page.getByRole('button', { name: 'All, 2' }).waitFor();
    await page.getByRole('combobox', { name: 'Rows per page' }).waitFor();
    await context.close();
  });

  it('given French, then the due-date field shows the French placeholder', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR' });
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-testid="filters-button"]').click();
    await expect(page.locator('#filter-due-date').getAttribute('placeholder')).resolves.toBe(
      'JJ/MM/AAAA',
    );
    await context.close();
  });
});

describe('bulk reassign', () => {
  it('given a selection with a task already with the chosen person, when the supervisor bulk-reassigns, then the people follow the single rule and the result says what moved and why the rest did not', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);
    await page.locator('[data-tab="team"]').click();
    await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Mixed Abara');
    await page.locator('[data-testid="page-range"]', { hasText: '1–3 of 3' }).waitFor();

    await page.getByTestId('select-all').click();
    await page.locator('[data-testid="bulk-reassign"]').click();
    await page.locator('[data-user-id="jmorales"]').waitFor();
    // Claire is outside the team and the pool: a single reassign does not offer her.
    expect(await page.locator('[data-user-id="cdubois"]').count()).toBe(0);
    await page.locator('[data-user-id="jmorales"]').click();
    await page.locator('[data-testid="reassign-continue"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign' }).click();

    const report = page.getByTestId('bulk-report');
    await report.waitFor();
    await expect(page.getByTestId('bulk-report-moved').textContent()).resolves.toBe(
      '2 tasks reassigned to Javier. 1 task was not moved:',
    );
    await expect(report.locator(`li[data-task-id="${alreadyTaskId}"]`).textContent()).resolves.toBe(
      'Mixed Abara 3: already assigned to Javier',
    );
    // Nothing is left to retry, so nothing stays selected.
    expect(await page.locator('[data-testid="bulk-bar"]').count()).toBe(0);
    await context.close();
  });
});

describe('claiming', () => {
  it('given a task someone else claims while the officer looks, when he claims it, then he is told someone else was first and the list refreshes', async () => {
    const task = await makeTask(e2e.server, {
      name: 'Race Ibeh file',
      candidateGroups: ['loan-officers'],
    });
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-tab="candidate"]').click();
    const claim = page.locator(`[data-action="claim"][data-task-id="${task.id}"]`);
    await claim.waitFor();
    await expect(claim.getAttribute('aria-label')).resolves.toBe('Claim: Race Ibeh file');

    // Amara's claim lands between the officer's check and his own claim: a real race.
    await page.route(`**/api/query/v1/tasks/${task.id}`, async (route) => {
      const response = await route.fetch();
      await e2e.server.app.engine.claimTask('internal', task.id, 'aokafor');
      await route.fulfill({ response });
    });
    await claim.click();

    await page
      .getByText('Someone else claimed this task first. The list has been refreshed.')
      .waitFor();
    await claim.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
