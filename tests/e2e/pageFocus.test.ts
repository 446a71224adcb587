import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser';
import { startLoanApplication } from '../helpers/loanApplication';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { escapeFromOverlay } from '../helpers/keyboard';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const SHOTS = screenshotsFolder();
/** Focus moves after transitions and data loads; a busy machine may take seconds. */
const POLL = { timeout: 15_000 };

const e2e = setUpServerAndBrowser();

/** The focused element: its tag, its text and whether it is the page's only h1. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      text: active?.textContent?.trim() ?? '',
      h1s: document.querySelectorAll('h1').length,
    };
  });
}

describe('focus and headings after navigation', () => {
  it('given an instance page, when a task, the instance again and the dashboard are reached, then focus lands on each page’s h1 and it names the task or the instance', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      const { instance, task } = await startLoanApplication(
        e2e.server,
        OFFICER_ID,
        'Heading Hopper',
      );
      await signIn(page, e2e.server.url, OFFICER);

      // Given the instance page: its one h1 names the instance; the header still says Dashboard.
      await page.goto(`${e2e.server.url}/process/instance/${instance.id}`);
      await page.getByRole('heading', { level: 1, name: instance.name }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('.tessera-header__title').innerText()).toBe('Dashboard');

      // When the task is opened from it, then focus is on the h1, which names the task.
      await page.locator(`a[data-task-id="${task.id}"]`).click();
      await page.getByTestId('task-form').waitFor();
      await expect.poll(() => focused(page), POLL).toEqual({ tag: 'h1', text: task.name, h1s: 1 });
      await page.screenshot({ path: `${SHOTS}/task-heading.png` });

      // When the browser goes back, then focus is on the instance's h1.
      await page.goBack();
      await expect
        .poll(() => focused(page), POLL)
        .toEqual({ tag: 'h1', text: instance.name, h1s: 1 });

      // When the back button leads to the dashboard, then its title is the focused h1.
      await page.getByRole('button', { name: 'Back to dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => focused(page), POLL)
        .toEqual({ tag: 'h1', text: 'Dashboard', h1s: 1 });
    } finally {
      await context.close();
    }
  });

  it('given a phone, when a link in the navigation drawer leads to another page, then focus lands on its h1, not on the menu button', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 375, height: 812 });
    try {
      const { instance } = await startLoanApplication(e2e.server, OFFICER_ID, 'Phone Walker');
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/process/instance/${instance.id}`);
      await page.getByRole('heading', { level: 1, name: instance.name }).waitFor();
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.locator('.tessera-shell__mobile-nav a[href="/"]').click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('.tessera-shell__mobile-drawer').waitFor({ state: 'detached' });
      // Past the drawer's closing transition, when it hands focus back to its opener.
      await page.waitForTimeout(500);
      await expect
        .poll(() => focused(page), POLL)
        .toEqual({ tag: 'h1', text: 'Dashboard', h1s: 1 });
      await page.screenshot({ path: `${SHOTS}/phone-drawer-heading.png` });

      // Closing the drawer with Escape still returns focus to the menu button.
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.locator('.tessera-shell__mobile-nav').waitFor();
      await escapeFromOverlay(page);
      await page.locator('.tessera-shell__mobile-drawer').waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), POLL)
        .toBe('Toggle navigation');
    } finally {
      await context.close();
    }
  });

  it('given a changed form, when leaving is held, then the dialog opens on Stay and Escape closes it with focus back on the back button', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      const { task } = await startLoanApplication(e2e.server, OFFICER_ID, 'Careful Leaver');
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/process/task/${task.id}`);
      await page.getByTestId('task-form').waitFor();
      await page.locator('[id$="_firstName"]').first().fill('Emmy');

      await page.getByTestId('task-back').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Unsaved changes' }).waitFor();
      await expect.poll(() => focused(page).then((f) => f.text), POLL).toBe('Stay');
      // Still there once the dialog has finished opening.
      await page.waitForTimeout(500);
      expect((await focused(page)).text).toBe('Stay');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), POLL)
        .toBe('task-back');
      expect(new URL(page.url()).pathname).toBe(`/process/task/${task.id}`);
    } finally {
      await context.close();
    }
  });

  it('given the start-process and logout confirmations, when they open, then focus is on Cancel and Escape returns it to what opened them', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.getByRole('button', { name: 'Start a process' }).first().click();
      const choice = page.locator('.tessera-process-choice[data-definition="loanApplication"]');
      await choice.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
      await expect.poll(() => focused(page).then((f) => f.text), POLL).toBe('Cancel');
      await page.waitForTimeout(500);
      expect((await focused(page)).text).toBe('Cancel');
      await page.keyboard.press('Escape');
      await expect
        .poll(
          () => page.evaluate(() => document.activeElement?.getAttribute('data-definition') ?? ''),
          POLL,
        )
        .toBe('loanApplication');
      // The drawer is still open; Escape closes it too.
      await page.keyboard.press('Escape');
      await page.getByTestId('start-process-drawer').waitFor({ state: 'detached' });

      // The logout confirmation opens from a menu item that closes with its menu.
      const userButton = page.getByRole('button', { name: 'Account menu' });
      await userButton.click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await expect.poll(() => focused(page).then((f) => f.text), POLL).toBe('Cancel');
      await page.keyboard.press('Escape');
      await expect
        .poll(
          () =>
            page.evaluate(() => document.activeElement?.classList.contains('tessera-user-button')),
          POLL,
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('a missing task', () => {
  it('given a task id that does not exist, when opened from the dashboard, then the not-found page has one h1 and focus is on it', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      // A move inside the app, so the page focus is armed as on any navigation.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/process/task/no-such-task');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByTestId('task-not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'Task not found' }).count()).toBe(1);
      await expect
        .poll(() => focused(page), POLL)
        .toEqual({ tag: 'h1', text: 'Task not found', h1s: 1 });
    } finally {
      await context.close();
    }
  });
});

describe('a missing instance', () => {
  it('given an instance id that does not exist, when opened, then one request and a not-found page with a way back', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      const calls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/task/app/rest/')) calls.push(`${request.method()} ${path}`);
      });
      await page.goto(`${e2e.server.url}/process/instance/no-such-instance`);
      const notFound = page.getByTestId('instance-not-found');
      await notFound.waitFor();
      expect(
        await page.getByRole('heading', { level: 1, name: 'Process instance not found' }).count(),
      ).toBe(1);
      expect(await page.getByText('Task not found').count()).toBe(0);
      // Give any late request the time to show itself.
      await page.waitForTimeout(1000);
      expect(calls.filter((call) => !call.includes('/notifications'))).toEqual([
        'GET /api/task/app/rest/process-instances/no-such-instance',
      ]);

      await page.getByRole('button', { name: 'Back to dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
