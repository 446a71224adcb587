import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import {
  chooseFilesByKeyboard,
  escapeFromOverlay,
  expectFocus,
  overlaysClosed,
  reassignByKeyboard,
  tabTo,
  type FocusTarget,
} from '../helpers/keyboard';
import { interpolate, liveRegionSays } from '../helpers/liveRegion';
import { startLoanApplication, startLoanReview } from '../helpers/loanApplication';
import { localeText, pluginLocaleText } from '../helpers/localeText';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { openTaskPage } from '../helpers/taskPage';

// Issue 23: after an action the focus goes to its result or stays on its control, never the
// body, and the one polite live region says what happened. After each page load these walks
// use page.keyboard only: no click, no fill, no focus().
const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const SUPERVISOR = 'maria.garcia@tessera.example';
const ANALYST = 'claire.dubois@tessera.example';
const HERE = { latitude: 41.3887912, longitude: 2.1589934 };

/** A walk on a busy two-core machine: generous, only a hang reaches it. */
const WALK_TIMEOUT_MS = 300_000;

const e2e = setUpServerAndBrowser();

/** Amara's tasks: one changed from its page, two reassigned together from the team tab. */
let changedTaskId = '';
let bulkTaskIds: string[] = [];
/** Lucas's tasks: a kit task to comment on, an application, a review, an onboarding. */
let commentedTaskId = '';
let applicationTaskId = '';
let reviewTaskId = '';
let onboardingTaskId = '';

beforeAll(async () => {
  await deployKit(e2e.server);
  await seedDemoRecords(e2e.server.database.db);
  changedTaskId = (
    await makeTask(e2e.server, { name: 'Focus change case', assignee: 'aokafor', seen: true })
  ).id;
  bulkTaskIds = [
    (await makeTask(e2e.server, { name: 'Focus bulk one', assignee: 'aokafor', seen: true })).id,
    (await makeTask(e2e.server, { name: 'Focus bulk two', assignee: 'aokafor', seen: true })).id,
  ];
  commentedTaskId = (
    await makeTask(e2e.server, { name: 'Focus comment case', assignee: OFFICER_ID, seen: true })
  ).id;
  applicationTaskId = (await startLoanApplication(e2e.server, OFFICER_ID, 'Focus Hopper')).task.id;
  reviewTaskId = (await startLoanReview(e2e.server, OFFICER_ID, 'Focus Hodgkin')).id;
  const { engine } = e2e.server.app;
  const onboarding = await engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    variables: { customerName: 'Focus Lovelace' },
  });
  onboardingTaskId = (await openTaskOf(e2e.server, onboarding.id)).id;
  await engine.claimTask('internal', onboardingTaskId, OFFICER_ID);
}, 300_000);

/** The English text of a shared translation. */
const en = (area: string, key: string) => localeText('en', area, key);

/** The dashboard tab of a list, as the keyboard reaches it. */
const tabOf = (kind: string): FocusTarget => ({
  selector: `[role="tab"]:has([data-tab="${kind}"])`,
});

/** A small payslip spreadsheet to upload. */
function spreadsheet(): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Month', 'Net income'],
    ['January', 3980],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Payslips');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('focus and announcements after each action, by keyboard', () => {
  it(
    'given the supervisor, when she uses the user menu, selects two team tasks and reassigns them together, then the menu answers the arrows and Escape, each selection and the reassignment are announced, and the focus stays on the list',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      page.setDefaultTimeout(60_000);
      try {
        await signIn(page, e2e.server.url, SUPERVISOR);
        await page.reload();
        await page.locator('[data-testid="tab-count-assigned"]').waitFor();

        // The user menu: Enter opens it on its first item, the arrows stay among its items,
        // Escape closes it with the focus back on its button.
        const userButton: FocusTarget = { selector: 'button.tessera-user-button' };
        const logOut: FocusTarget = {
          selector: '[role="menu"] [role="menuitem"]',
          text: await en('shell', 'logout'),
        };
        await tabTo(page, userButton);
        await page.keyboard.press('Enter');
        await expectFocus(page, logOut);
        expect(await page.locator(userButton.selector).getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('ArrowDown');
        await expectFocus(page, logOut);
        await page.keyboard.press('End');
        await expectFocus(page, logOut);
        await page.keyboard.press('Escape');
        await expectFocus(page, userButton);

        // The team tab: each row ticked with Space says how many are selected.
        await tabTo(page, tabOf('assigned'));
        for (const kind of ['candidate', 'team']) {
          await page.keyboard.press('ArrowRight');
          await page.locator(`[role="tab"][aria-selected="true"] [data-tab="${kind}"]`).waitFor();
        }
        const selected = await en('dashboard', 'selection.selected_other');
        for (const [index, taskId] of bulkTaskIds.entries()) {
          const box = `input[type="checkbox"][data-task-id="${taskId}"]`;
          await page.locator(box).waitFor();
          await tabTo(page, { selector: box });
          await page.keyboard.press('Space');
          await liveRegionSays(
            page,
            index === 0
              ? interpolate(await en('dashboard', 'selection.selected_one'), { count: 1 })
              : interpolate(selected, { count: 2 }),
          );
          await expectFocus(page, { selector: box });
        }

        // Reassigned together: the count is announced, the focus is back on the list.
        await tabTo(page, { selector: '[data-testid="bulk-reassign"]' });
        await page.keyboard.press('Enter');
        await reassignByKeyboard(page, 'lmartin');
        await liveRegionSays(
          page,
          interpolate(await en('dashboard', 'multiAssignSuccessMsg_other'), {
            count: 2,
            name: 'Lucas',
          }),
        );
        // The bulk button left with the selection: the team list's panel has the focus.
        await expectFocus(page, { selector: '[role="tabpanel"], [role="tabpanel"] *' });
        for (const taskId of bulkTaskIds) {
          expect((await e2e.server.app.engine.getTask('internal', taskId)).assignee).toBe(
            OFFICER_ID,
          );
        }
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given a team task on its page, when the supervisor closes "Change assignee" with Escape, then with Cancel, then reassigns it, then the focus is back on the trigger each time and the reassignment is announced',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      page.setDefaultTimeout(60_000);
      try {
        await signIn(page, e2e.server.url, SUPERVISOR);
        await openTaskPage(page, e2e.server.url, changedTaskId);
        const change: FocusTarget = { selector: '[data-testid="task-change-assignee"]' };
        const opened = '[role="dialog"] [data-user-id]';

        await tabTo(page, change);
        await page.keyboard.press('Enter');
        await page.locator(opened).first().waitFor();
        await escapeFromOverlay(page);
        await overlaysClosed(page);
        await expectFocus(page, change);

        await page.keyboard.press('Enter');
        await page.locator(opened).first().waitFor();
        await tabTo(page, { selector: '[role="dialog"] button', text: 'Cancel' });
        await page.keyboard.press('Enter');
        await overlaysClosed(page);
        await expectFocus(page, change);

        await page.keyboard.press('Enter');
        await reassignByKeyboard(page, 'lmartin');
        await liveRegionSays(page, await en('dashboard', 'reassignSuccess'));
        // The supervisor still sees the task: the focus is on its trigger (or its heading).
        await expectFocus(page, { selector: `${change.selector}, h1` });
        await page.getByTestId('task-assignee').filter({ hasText: 'Lucas' }).waitFor();
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given the officer, when he adds a comment, submits a form with errors and goes to the next part of a combined task, then each result is announced or focused and the error summary links lead to their fields',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      page.setDefaultTimeout(60_000);
      try {
        await signIn(page, e2e.server.url, OFFICER);

        // Add comment: the focus comes back to the comments, "added" is announced.
        await openTaskPage(page, e2e.server.url, commentedTaskId);
        await tabTo(page, { selector: '[data-testid="task-comment-open"]' });
        await page.keyboard.press('Enter');
        await expectFocus(page, { selector: '#task-comment-input' });
        await page.keyboard.type('Called the customer back.');
        await tabTo(page, { selector: '[data-testid="task-comment-add"]' });
        await page.keyboard.press('Enter');
        await liveRegionSays(page, await en('tasks', 'commentSaveSuccess'));
        await expectFocus(page, {
          selector: '[data-testid="task-comment-open"], #task-comment-input',
        });

        // Submit with errors: one announcement with the count, a summary whose links move
        // the focus to their fields, and no alert per field.
        await openTaskPage(page, e2e.server.url, applicationTaskId);
        await tabTo(page, { selector: 'button', text: 'Submit application' });
        await page.keyboard.press('Enter');
        const summary = page.getByTestId('form-error-summary');
        await summary.waitFor();
        const links = summary.locator('a[data-field-id]');
        const count = await links.count();
        expect(count).toBeGreaterThan(1);
        await liveRegionSays(
          page,
          interpolate(await en('forms', 'errorSummary.count_other'), { count }),
        );
        expect(
          await page
            .locator('[data-testid="task-form"] .tf-errors[role="alert"]:not([hidden])')
            .count(),
        ).toBe(0);
        const second = (await links.nth(1).getAttribute('data-field-id')) ?? '';
        await tabTo(page, { selector: `a[data-field-id="${second}"]` }, { backwards: true });
        await page.keyboard.press('Enter');
        await expectFocus(page, {
          selector: `[id$="_${second}"], .tf-cell:has([id$="_${second}"]) :is(input, select, textarea, button)`,
        });

        // Next in a combined task: the focus goes to the next part's heading.
        await openTaskPage(page, e2e.server.url, reviewTaskId);
        await page.getByTestId('combined-nav').waitFor();
        await tabTo(page, { selector: '[data-testid="combined-nav"] button', text: 'Next' });
        await page.keyboard.press('Enter');
        await page
          .getByTestId('combined-progress')
          .filter({ hasText: interpolate(await en('taskForm', 'partOf'), { n: 2, m: '' }) })
          .waitFor();
        await expectFocus(page, { selector: '[data-testid="combined-part-title"]' });
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given the onboarding task, when the officer gets the location, is refused it, and uploads a spreadsheet, then the focus stays on each control and each result is announced',
    async () => {
      const context = await e2e.browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
        geolocation: HERE,
        permissions: ['geolocation'],
      });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      try {
        await signIn(page, e2e.server.url, OFFICER);
        await openTaskPage(page, e2e.server.url, onboardingTaskId);

        const location: FocusTarget = { selector: '[id$="_branchLocation"]' };
        await tabTo(page, location, { limit: 300 });
        await page.keyboard.press('Enter');
        await liveRegionSays(page, await pluginLocaleText('en', 'gps', 'gps.successContent'));
        await expectFocus(page, location);

        await context.clearPermissions();
        await page.keyboard.press('Enter');
        const refused = await pluginLocaleText('en', 'gps', 'gps.errorContent');
        await page
          .locator('.tf-cell:has([id$="_branchLocation"]) [role="alert"]')
          .filter({ hasText: refused })
          .waitFor();
        await expectFocus(page, location);

        const upload: FocusTarget = { selector: '[id$="_proofOfAddress"]' };
        await tabTo(page, upload);
        await chooseFilesByKeyboard(page, 'Enter', {
          name: 'payslips.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: spreadsheet(),
        });
        await liveRegionSays(
          page,
          interpolate(await pluginLocaleText('en', 'uploadExcel', 'excelUpload.uploadSuccess'), {
            name: 'payslips.xlsx',
          }),
        );
        await expectFocus(page, upload);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given the analyst on the customers list, when she downloads Excel and pages forward and back, then the focus stays on the pager and the button, and the download and each range are announced',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      page.setDefaultTimeout(60_000);
      try {
        await signIn(page, e2e.server.url, ANALYST, { until: 'shell' });
        await page.goto(`${e2e.server.url}/objectdata/customers/1`);
        await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
        await page.locator('.tessera-records__table tbody tr').first().waitFor();

        const download: FocusTarget = { selector: 'button', text: await en('records', 'download') };
        await tabTo(page, download);
        const file = page.waitForEvent('download');
        await page.keyboard.press('Enter');
        const name = (await file).suggestedFilename();
        await liveRegionSays(page, interpolate(await en('records', 'downloadReady'), { name }));
        await expectFocus(page, download);

        const next: FocusTarget = {
          selector: `button[aria-label="${await en('records', 'nextPage')}"]`,
        };
        const previous: FocusTarget = {
          selector: `button[aria-label="${await en('records', 'previousPage')}"]`,
        };
        await tabTo(page, next);
        await page.keyboard.press('Enter');
        await page.getByTestId('records-page').filter({ hasText: 'Page 2 of' }).waitFor();
        await liveRegionSays(
          page,
          (await page.locator('.tessera-records__range').textContent())?.trim() ?? '',
        );
        await expectFocus(page, next);

        // Back to the first page: Previous ends disabled, the focus goes to Next.
        await tabTo(page, previous, { backwards: true });
        await page.keyboard.press('Enter');
        await page.getByTestId('records-page').filter({ hasText: 'Page 1 of' }).waitFor();
        await liveRegionSays(
          page,
          (await page.locator('.tessera-records__range').textContent())?.trim() ?? '',
        );
        await expectFocus(page, next);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'given the sign-in page, when a wrong password is sent with Enter, then the error is announced and the focus is on a field that names it',
    async () => {
      const { context, page } = await openPage(e2e.browser);
      page.setDefaultTimeout(60_000);
      try {
        await page.goto(`${e2e.server.url}/login`);
        await page.locator('#email').waitFor();
        await tabTo(page, { selector: '#email' });
        await page.keyboard.type(OFFICER);
        await tabTo(page, { selector: '#password' });
        await page.keyboard.type(`${PASSWORD}-wrong`);
        await page.keyboard.press('Enter');

        const wrong = await en('login', 'wrongCredentials');
        const alert = page.locator('[aria-live] [role="alert"]').filter({ hasText: wrong });
        await alert.waitFor();
        await expectFocus(page, { selector: '#email, #password' });
        const described = await page.evaluate(() => {
          const field = document.activeElement;
          return {
            invalid: field?.getAttribute('aria-invalid'),
            describedBy: (field?.getAttribute('aria-describedby') ?? '')
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
              .join(' '),
          };
        });
        expect(described.invalid).toBe('true');
        expect(described.describedBy).toContain(wrong);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT_MS,
  );
});
