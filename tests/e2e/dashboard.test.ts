import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dayFromToday,
  deployKit,
  makeTask,
  testDayClock,
} from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';
const ASSIGNEE = 'javier.morales@tessera.example';

// The quick filters' windows are cut from the test's day, which cannot end mid-file.
const e2e = setUpServerAndBrowser({ clock: testDayClock });

let claimTaskId = '';
let singleTaskId = '';

/**
 * The officer's assigned list: thirteen tasks, three overdue, two due today, six due in three
 * weeks, two without a date; the first and the sixth not opened yet (NEW).
 */
const ASSIGNED = Array.from({ length: 13 }, (_, index) => {
  const number = index + 1;
  const dueDate =
    number <= 3
      ? dayFromToday(-3)
      : number <= 5
        ? dayFromToday(0)
        : number <= 11
          ? dayFromToday(21)
          : null;
  return {
    name: `Alpha ${String(number).padStart(2, '0')}`,
    dueDate,
    seen: number !== 1 && number !== 6,
  };
});

beforeAll(async () => {
  await deployKit(e2e.server);
  for (const task of ASSIGNED) {
    await makeTask(e2e.server, { ...task, assignee: 'lmartin' });
  }
  claimTaskId = (
    await makeTask(e2e.server, {
      name: 'Claim me: Rivera household',
      candidateGroups: ['loan-officers'],
      process: 'zulu',
      dueDate: dayFromToday(2),
    })
  ).id;
  for (const name of ['Bulk 1', 'Bulk 2', 'Bulk 3']) {
    await makeTask(e2e.server, { name, assignee: 'aokafor', seen: true, dueDate: dayFromToday(5) });
  }
  singleTaskId = (
    await makeTask(e2e.server, { name: 'Single one', assignee: 'aokafor', seen: true })
  ).id;
});

/** The task names in the table on screen, top to bottom. */
async function taskNames(page: Page): Promise<string[]> {
  return page.locator('.tessera-table span[data-task-id]').allTextContents();
}

/** Waits until the pager reads `text`. */
async function pagerReads(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="page-range"]', { hasText: text }).waitFor();
}

/** The count on a quick-filter button. */
async function badge(page: Page, filter: string): Promise<string> {
  return (
    (await page.locator(`[data-filter="${filter}"] .tessera-quick-filter__count`).textContent()) ??
    ''
  );
}

describe('the assigned list', () => {
  it('given thirteen tasks, when the officer pages, sorts and quick-filters, then rows and counts match', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await pagerReads(page, '1–10 of 13');
    await expect(page.locator('[data-testid="tab-count-assigned"]').textContent()).resolves.toBe(
      '13',
    );
    expect(await badge(page, 'ALL')).toBe('13');
    expect(await badge(page, 'NEW')).toBe('2');
    expect(await badge(page, 'TODAY')).toBe('2');
    expect(await badge(page, 'WEEK')).toBe('2');
    expect(await badge(page, 'OVERDUE')).toBe('3');

    // Paging: five a page, three pages.
    await page.locator('.tessera-pager select').selectOption('5');
    await pagerReads(page, '1–5 of 13');
    expect(await taskNames(page)).toHaveLength(5);
    await page.locator('[data-testid="page-next"]').click();
    await pagerReads(page, '6–10 of 13');
    await page.locator('[data-testid="page-next"]').click();
    await pagerReads(page, '11–13 of 13');
    expect(await taskNames(page)).toHaveLength(3);

    // Sorting: a new column sorts descending first and goes back to the first page.
    await page.getByRole('button', { name: 'Task', exact: true }).click();
    await pagerReads(page, '1–5 of 13');
    await page.locator('.tessera-table span[data-task-id]', { hasText: 'Alpha 13' }).waitFor();
    expect(await taskNames(page)).toEqual([
      'Alpha 13',
      'Alpha 12',
      'Alpha 11',
      'Alpha 10',
      'Alpha 09',
    ]);
    await page.getByRole('button', { name: 'Task', exact: true }).click();
    await page.locator('.tessera-table span[data-task-id]', { hasText: 'Alpha 01' }).waitFor();
    expect((await taskNames(page))[0]).toBe('Alpha 01');

    // Quick filters: OVERDUE shows its three; NEW its two, each with the 'new' marker.
    await page.locator('[data-filter="OVERDUE"]').click();
    await pagerReads(page, '1–3 of 3');
    expect(await taskNames(page)).toEqual(['Alpha 01', 'Alpha 02', 'Alpha 03']);
    await page.locator('[data-filter="NEW"]').click();
    await pagerReads(page, '1–2 of 2');
    expect(await taskNames(page)).toEqual(['Alpha 01', 'Alpha 06']);
    expect(await page.locator('.tessera-due__new').count()).toBe(2);
    await context.close();
  });

  it('given an impossible due date, when the field is left, then the translated error shows and Apply stays blocked', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-testid="filters-button"]').click();
    const field = page.locator('#filter-due-date');
    await field.pressSequentially('31022026');
    expect(await field.inputValue()).toBe('31/02/2026');
    await field.press('Tab');

    await expect(page.locator('[data-testid="due-date-error"]').textContent()).resolves.toBe(
      'That month does not have this day.',
    );
    await expect(page.locator('[data-testid="apply-filters"]').isDisabled()).resolves.toBe(true);
    await context.close();

    const french = await openPage(e2e.browser, { locale: 'fr-FR' });
    await signIn(french.page, e2e.server.url, OFFICER);
    await french.page.locator('[data-testid="filters-button"]').click();
    const champ = french.page.locator('#filter-due-date');
    await champ.pressSequentially('01132026');
    await champ.press('Tab');
    await expect(french.page.locator('[data-testid="due-date-error"]').textContent()).resolves.toBe(
      'Le mois doit être compris entre 01 et 12.',
    );
    await expect(french.page.locator('[data-testid="apply-filters"]').isDisabled()).resolves.toBe(
      true,
    );
    await french.context.close();
  });
});

describe('the candidate list', () => {
  it('given a task of the officer group, when the officer claims it, then its task page opens', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-tab="candidate"]').click();
    const claim = page.locator(`[data-action="claim"][data-task-id="${claimTaskId}"]`);
    await claim.click();

    await page.waitForURL(`${e2e.server.url}/process/task/${claimTaskId}`);
    await expect(page.locator('[data-testid="task-title"]').textContent()).resolves.toBe(
      'Claim me: Rivera household',
    );
    await expect(page.locator('[data-testid="task-assignee"]').textContent()).resolves.toBe(
      'Lucas Martin',
    );
    await context.close();
  });
});

describe('the team list', () => {
  it('given three team tasks, when the supervisor bulk-reassigns them, then a toast names the assignee and the list reloads', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);
    await page.locator('[data-tab="team"]').click();
    await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Bulk');
    await pagerReads(page, '1–3 of 3');

    await page.getByTestId('select-all').click();
    await expect(page.locator('[data-testid="selected-count"]').textContent()).resolves.toBe(
      '3 tasks selected',
    );
    await page.locator('[data-testid="bulk-reassign"]').click();
    await page.locator('[data-user-id="jmorales"]').click();
    await page.locator('[data-testid="reassign-continue"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign' }).click();

    await page.locator('.bp6-toast').getByText('3 tasks reassigned to Javier.').waitFor();
    await page.locator('.tessera-table', { hasText: 'Javier Morales' }).waitFor();
    const assignees = await page
      .getByTestId('assignee-cell')
      .filter({ hasText: /^(Javier Morales|Amara Okafor)$/ })
      .allTextContents();
    expect(assignees).toEqual(['Javier Morales', 'Javier Morales', 'Javier Morales']);
    await expect(page.locator('[data-testid="bulk-bar"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('given one team task, when the supervisor reassigns it with a 250-character comment, then it succeeds and the comment is kept', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);
    await page.locator('[data-tab="team"]').click();
    await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Single one');
    await pagerReads(page, '1–1 of 1');

    await page.locator(`[data-action="reassign"][data-task-id="${singleTaskId}"]`).click();
    await page.locator('[data-user-id="lmartin"]').click();
    const comment = `Lucas has met this customer twice. ${'Please call them back today. '.repeat(10)}`;
    await page.locator('#reassign-comment').fill(comment);
    const kept = await page.locator('#reassign-comment').inputValue();
    expect(kept).toHaveLength(250);
    await expect(page.locator('[data-testid="comment-counter"]').textContent()).resolves.toBe(
      '250/250',
    );
    await page.locator('[data-testid="reassign-continue"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign' }).click();

    await page.locator('[data-testid="reassign-success"]').waitFor();
    await page.locator('.tessera-table', { hasText: 'Lucas Martin' }).waitFor();
    await page.locator(`[data-action="comments"][data-task-id="${singleTaskId}"]`).click();
    await expect(
      page.locator('[data-testid="comments-list"] .tessera-comment__text').first().textContent(),
    ).resolves.toBe(kept.trim());
    await context.close();
  });
});

describe('notifications', () => {
  it('given three tasks reassigned to him, when the assignee signs in, then the bell and the tab title count them and the bell opens his new tasks', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, ASSIGNEE);
    await expect(page.locator('[data-testid="unread-badge"]').textContent()).resolves.toBe('3');
    await expect(page.title()).resolves.toBe('(3) Tessera Task');

    await page.locator('[data-testid="notification-bell"]').click();
    await page.locator('[data-testid="notification-assigned"]').click();

    await page.locator('[data-filter="NEW"][aria-pressed="true"]').waitFor();
    await pagerReads(page, '1–3 of 3');
    expect((await taskNames(page)).sort()).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3']);
    await page.waitForFunction(() => document.title === 'Tessera Task');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('starting a process', () => {
  it('given the drawer, when the officer starts loan origination, then its instance page opens with its first task', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await page.locator('[data-testid="start-process"]').click();
    await page.locator('[data-definition="loanOrigination"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();

    await page.waitForURL(/\/process\/instance\/[^/]+$/);
    await page.locator('[data-testid="process-instance"]').waitFor();
    await expect(page.locator('[data-testid="instance-status"]').textContent()).resolves.toBe(
      'On-going',
    );
    const firstTask = page.locator('.tessera-instance__table a[data-task-id]').first();
    await expect(firstTask.textContent()).resolves.toMatch(/^Application intake/);
    await expect(page.locator('.tessera-page__title').textContent()).resolves.toMatch(
      /^Loan origination \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    await context.close();
  });
});
