import type { Page, Request, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClientErrorPath } from '../../schemas/api/clientErrorsConstants';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl, openTaskPage } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';

/** What the officer types into the task form: it must never reach a report. */
const TYPED_VALUE = 'Confidential Ortega household budget';

const e2e = setUpServerAndBrowser();
let taskId = '';

beforeAll(async () => {
  await deployKit(e2e.server);
  taskId = (await makeTask(e2e.server, { name: 'Check Ortega budget', assignee: 'lmartin' })).id;
});

/** The stored reports, oldest first. */
function storedReports() {
  return e2e.server.database.db
    .selectFrom('client_errors')
    .selectAll()
    .where('tenant', '=', 'internal')
    .orderBy('id')
    .execute();
}

/** Waits until a stored report matches `test`, and returns it. */
async function waitForReport(
  test: (row: Awaited<ReturnType<typeof storedReports>>[number]) => boolean,
) {
  for (let waited = 0; waited < 20_000; waited += 200) {
    const found = (await storedReports()).find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const stored = (await storedReports()).map(({ kind, route, message }) => ({
    kind,
    route,
    message,
  }));
  throw new Error(`No such error report was stored; there are ${JSON.stringify(stored)}.`);
}

/** The error reports the page sends, as they leave it. */
function watchReports(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === ClientErrorPath.report) {
      sent.push(request);
    }
  });
  return sent;
}

/** Lets a rejection nobody handles happen in the page. */
function rejectUnhandled(page: Page, message: string): Promise<void> {
  return page.evaluate((text) => {
    void Promise.reject(new Error(text));
  }, message);
}

describe('error reporting', () => {
  it('given a task form with a typed value, when the comments answer is malformed and the screen cannot render it, then the error view replaces the screen inside the shell and the report reaches the server without the value', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    const sent = watchReports(page);

    // The comments answer is held back until the form has a value, then comes malformed: a
    // comment whose text is an object, which the comment list cannot render.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const malformed = async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await released;
      await route.fulfill({
        json: {
          result: [
            {
              id: 1,
              processInstanceId: 'x',
              taskId,
              taskName: 'Check Ortega budget',
              userId: 'mgarcia',
              userName: 'Maria Garcia',
              comment: { text: 'not a string' },
              createdTime: new Date().toISOString(),
              isReassigned: false,
              isRead: true,
              reassigneeName: null,
            },
          ],
        },
      });
    };
    await page.route(/\/api\/task\/comments\/[^/?]+(\?.*)?$/, malformed);
    await openTaskPage(page, e2e.server.url, taskId);
    await fieldControl(page, 'note').fill(TYPED_VALUE);
    release();

    // Then the translated error view takes the screen's place, Reload has the focus, and the
    // shell (header and navigation drawer) is still there.
    const view = page.getByTestId('error-view');
    await view.waitFor();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Something went wrong' }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    ).resolves.toBe('error-view-reload');
    await expect(page.locator('header.tessera-header').isVisible()).resolves.toBe(true);
    await expect(page.locator('nav.tessera-shell__drawer').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('task-form').count()).resolves.toBe(0);
    const findings = await auditScreen(page, 'error view');
    expect(findings, formatFindings(findings)).toEqual([]);

    // And the server has the render error, of this user and screen, with no typed value.
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const answers = await Promise.all(
      sent.map(async (request) => (await request.response())?.status()),
    );
    expect(answers).toEqual(sent.map(() => 202));
    const report = await waitForReport(
      (row) => row.kind === 'render' && row.route === `/process/task/${taskId}`,
    );
    expect(report.user_id).toBe('lmartin');
    expect(report.message).toMatch(/trim is not a function/);
    expect(report.component_stack).not.toBe('');
    expect(report.release).toMatch(/^tessera@\d+\.\d+\.\d+/);
    expect(JSON.stringify(await storedReports())).not.toContain(TYPED_VALUE);

    // And Enter on the focused Reload brings the screen back once the answer is sound again.
    await page.unroute(/\/api\/task\/comments\/[^/?]+(\?.*)?$/, malformed);
    await page.keyboard.press('Enter');
    await page.getByTestId('task-form').waitFor();
    await context.close();
  });

  it('given the sign-in screen, when a promise rejection goes unhandled, then it is reported once, without a user', async () => {
    const { context, page } = await openPage(e2e.browser);
    const sent = watchReports(page);
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: /sign in/i }).waitFor();

    await rejectUnhandled(page, 'Quarterly sync failed');
    const report = await waitForReport((row) => row.message === 'Quarterly sync failed');
    expect(report).toMatchObject({ kind: 'unhandledRejection', user_id: null, route: '/login' });

    // Nothing more follows: one request, one row.
    await page.waitForTimeout(1500);
    expect(sent).toHaveLength(1);
    const rows = (await storedReports()).filter((row) => row.message === 'Quarterly sync failed');
    expect(rows).toHaveLength(1);
    await context.close();
  });

  it('given the report endpoint failing, when errors happen, then the page does not flood it nor report the failure, and the report arrives once it recovers', async () => {
    const { context, page } = await openPage(e2e.browser);
    const sent = watchReports(page);
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: /sign in/i }).waitFor();

    let failing = true;
    await page.route(`**${ClientErrorPath.report}`, (route) =>
      failing ? route.fulfill({ status: 500, json: {} }) : route.fallback(),
    );
    await rejectUnhandled(page, 'Ledger export failed');
    await page.waitForTimeout(600);
    // One attempt, then a pause; no report about the failed report.
    expect(sent).toHaveLength(1);
    expect(sent.every((request) => request.postData()?.includes('Ledger export failed'))).toBe(
      true,
    );

    failing = false;
    const report = await waitForReport((row) => row.message === 'Ledger export failed');
    expect(report.kind).toBe('unhandledRejection');
    expect(sent.length).toBeLessThanOrEqual(3);
    await context.close();
  });
});
