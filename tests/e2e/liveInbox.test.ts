import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TaskPath, type ReassignBody } from '../../schemas/api/tasks';
import type { IdentityClient } from '../../tests/integration/identityClient';
import {
  call,
  deployKit,
  EMAIL,
  makeTask,
  signIn as signInClient,
} from '../../server/workflow/testing/taskTestKit';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { localeText } from '../helpers/localeText';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl, openTaskPage } from '../helpers/taskPage';

// The live inbox end to end: a supervisor moves a task through the server, and the officer's
// open browser follows without a reload.

/** The budget from the reassignment's answer to the change on the officer's screen. */
const LIVE_BUDGET_MS = 1000;

const e2e = setUpServerAndBrowser();
const SHOTS = screenshotsFolder('liveInbox');

let maria: IdentityClient;

beforeAll(async () => {
  await deployKit(e2e.server);
  maria = await signInClient(e2e.server, EMAIL.mgarcia);
});

/** The supervisor moves a task from one person to another, as the team list's dialog does. */
async function reassign(
  task: { id: string; instanceId: string },
  fromUser: string,
  toUser: string,
): Promise<void> {
  const body: ReassignBody = {
    fromUser,
    toUser,
    taskId: task.id,
    processInstanceId: task.instanceId,
    comment: '',
    userId: 'mgarcia',
    taskName: '',
  };
  const answer = await call(maria, 'PUT', TaskPath.reassign, body);
  expect(answer.statusCode, answer.body).toBe(200);
}

/** Marks the document, so a reload (which would lose the mark) is seen. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { tesseraLiveMark: true }));
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => 'tesseraLiveMark' in window);
}

async function assignedCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('tab-count-assigned').textContent());
}

describe('the live inbox', () => {
  it('given the officer’s dashboard open, when the supervisor gives him a task, then its row and the counts appear within a second without a reload', async () => {
    const task = await makeTask(e2e.server, {
      name: 'Live: Rivera household income check',
      assignee: 'aokafor',
      seen: true,
    });
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, EMAIL.lmartin);
      const before = await assignedCount(page);
      await markDocument(page);
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') requests.push(request.url());
      });

      await reassign(task, 'aokafor', 'lmartin');
      const answered = Date.now();
      // Polled in the page, which is never reloaded.
      await page.waitForFunction(
        ({ taskId, count }) =>
          document.querySelector(`[data-task-id="${taskId}"]`) !== null &&
          document.querySelector('[data-testid="tab-count-assigned"]')?.textContent ===
            String(count),
        { taskId: task.id, count: before + 1 },
        { polling: 10, timeout: 5000 },
      );
      const elapsed = Date.now() - answered;

      expect(elapsed).toBeLessThan(LIVE_BUDGET_MS);
      expect(await stillSameDocument(page)).toBe(true);
      expect(requests).toEqual([]);
      await expect
        .poll(() => page.locator('[data-task-id]', { hasText: 'Rivera household' }).count())
        .toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  describe.each([
    ['en', 'en-GB', 'Payslips match the declared income'],
    ['fr', 'fr-FR', 'Bulletins de salaire conformes'],
  ])('in %s', (language, locale, typed) => {
    it('given the officer typing in his task, when the supervisor gives it to a colleague, then the page turns read-only with the notice and keeps the text', async () => {
      const task = await makeTask(e2e.server, {
        name: `Live: Ortega payslips (${language})`,
        assignee: 'lmartin',
        seen: true,
      });
      const { context, page } = await openPage(e2e.browser, { locale });
      try {
        await signIn(page, e2e.server.url, EMAIL.lmartin);
        await openTaskPage(page, e2e.server.url, task.id);
        await fieldControl(page, 'note').fill(typed);
        await expect.poll(() => page.locator('.tf-outcome-bar').count()).toBe(1);
        await markDocument(page);

        await reassign(task, 'lmartin', 'jmorales');
        const answered = Date.now();
        const note = page.getByTestId('task-live-note');
        await note.waitFor({ timeout: 5000 });
        const elapsed = Date.now() - answered;

        expect(elapsed).toBeLessThan(LIVE_BUDGET_MS);
        expect(await stillSameDocument(page)).toBe(true);
        const message = await localeText(language, 'process', 'task.live.takenByOther');
        expect(await note.textContent()).toContain(message);
        expect(await note.getAttribute('role')).toBe('status');
        // What was typed stays; nothing can be sent any more.
        const field = fieldControl(page, 'note');
        expect(await field.inputValue()).toBe(typed);
        expect(await field.isEditable()).toBe(false);
        expect(await page.locator('.tf-outcome-bar').count()).toBe(0);
        expect(await page.getByTestId('task-change-assignee').count()).toBe(0);
        await expect
          .poll(() => page.getByTestId('task-assignee').textContent())
          .toBe('Javier Morales');
        // The live region said it too, for a screen reader.
        await expect
          .poll(() => page.getByTestId('live-announcer').textContent())
          .toContain(message);

        const findings = await auditScreen(page, `read-only task (${language})`);
        expect(findings, formatFindings(findings)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/task-taken-${language}-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 812 });
        await note.waitFor();
        await page.screenshot({ path: `${SHOTS}/task-taken-${language}-375.png`, fullPage: true });
      } finally {
        await context.close();
      }
    });
  });
});
