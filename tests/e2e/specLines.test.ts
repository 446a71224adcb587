import { beforeAll, describe, expect, it } from 'vitest';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { startLoanApplication } from '../helpers/loanApplication';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const MATE = 'amara.okafor@tessera.example';
/** Transitions and data loads; a busy machine may take seconds. */
const POLL = { timeout: 15_000 };

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await deployKit(e2e.server);
});

describe('spec 000 section 9: the drawer closes at 956 px', () => {
  it('given a window 956 px wide, when the dashboard shows, then the drawer is closed to its rail, and at 1200 px it is open again', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 956, height: 800 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.locator('.tessera-shell').waitFor();
      await expect
        .poll(() => page.locator('.tessera-shell').getAttribute('class'), POLL)
        .toContain('is-collapsed');

      await page.setViewportSize({ width: 1200, height: 800 });
      await expect
        .poll(() => page.locator('.tessera-shell').getAttribute('class'), POLL)
        .not.toContain('is-collapsed');
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 6: team rows that cannot be reassigned', () => {
  it('given a group mate’s task in the team list, when a non-supervisor sees it, then its reassign icon is disabled', async () => {
    const task = await makeTask(e2e.server, {
      name: 'Mate row for the disabled icon',
      assignee: OFFICER_ID,
      candidateGroups: ['loan-officers'],
    });
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, MATE);
      await page.locator('[data-tab="team"]').click();
      await page.locator('.tessera-pager select').selectOption('200');
      const reassign = page.locator(`[data-action="reassign"][data-task-id="${task.id}"]`);
      await reassign.waitFor(POLL);
      await expect.poll(() => reassign.isDisabled(), POLL).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('spec 000 section 2 and spec 001 sections 7 and 9: the task page', () => {
  it('given a task opened with its processInstanceId, when it shows, then back returns to the instance and the form cells are padded 0 16 32 16', async () => {
    const { instance, task } = await startLoanApplication(e2e.server, OFFICER_ID, 'View Typer');
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/process/task/${task.id}/${instance.id}`);
      await page.getByTestId('task-form').waitFor(POLL);
      const back = page.getByTestId('task-back');
      await expect.poll(() => back.textContent(), POLL).toBe('Back to the process instance');
      expect(await back.getAttribute('data-view-type')).toBe('instance');

      const padding = await page
        .locator('.tf-cell')
        .first()
        .evaluate((cell) => {
          const style = getComputedStyle(cell);
          return [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft];
        });
      expect(padding).toEqual(['0px', '16px', '32px', '16px']);

      await back.click();
      await page.waitForURL((url) => url.pathname === `/process/instance/${instance.id}`, POLL);
    } finally {
      await context.close();
    }
  });

  it('given a task opened with a process instance that does not exist, when it shows, then Task not found is said once and back leads to the dashboard', async () => {
    const { task } = await startLoanApplication(e2e.server, OFFICER_ID, 'Gone Instance');
    const { context, page } = await openPage(e2e.browser);
    const instanceCalls: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/') && url.includes('no-such-instance')) instanceCalls.push(url);
    });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/process/task/${task.id}/no-such-instance`);
      await page.getByTestId('task-form').waitFor(POLL);
      await page.getByText('Task not found').first().waitFor(POLL);
      const back = page.getByTestId('task-back');
      expect(await back.textContent()).toBe('Cancel and back to dashboard');
      // One read of the missing instance, and no string of failing follow-up calls.
      expect(instanceCalls).toHaveLength(1);

      await back.click();
      await page.waitForURL((url) => url.pathname === '/', POLL);
    } finally {
      await context.close();
    }
  });

  it('given one’s own task opened by its address, when it shows, then the assignee selector is offered', async () => {
    const { task } = await startLoanApplication(e2e.server, OFFICER_ID, 'Selector Anywhere');
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/process/task/${task.id}`);
      await page.getByTestId('task-form').waitFor(POLL);
      await page.getByRole('button', { name: 'Change the assignee' }).waitFor(POLL);
    } finally {
      await context.close();
    }
  });
});
