import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CommentPath } from '../../schemas/api/comments';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import {
  DEMO_OBJECT_DEFINITIONS,
  demoCustomers,
  insertRecords,
} from '../../server/seed/demoRecords';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The back-office analyst (access-bo). */
const ANALYST = 'claire.dubois@tessera.example';
const OFFICER = 'lucas.martin@tessera.example';
/** Transitions and data loads; a busy machine may take seconds. */
const POLL = { timeout: 15_000 };

const customers = DEMO_OBJECT_DEFINITIONS.find((definition) => definition.key === 'customers');
if (!customers) throw new Error('The demo has no customers object.');

const e2e = setUpServerAndBrowser();

// The customers object with enough records for a page of 50 rows, not the demo's thousands.
beforeAll(async () => {
  await storeObjectDefinition(e2e.server.database.db, 'internal', customers);
  await insertRecords(e2e.server.database.db, 'internal', customers, demoCustomers(60));
  await deployKit(e2e.server);
});

/** The records table's box: its height on screen and how high its rows are. */
function tableBox(page: Page) {
  return page.locator('.tessera-records__table-wrap').evaluate((wrap) => ({
    height: wrap.getBoundingClientRect().height,
    scrolls: wrap.scrollHeight > wrap.clientHeight,
  }));
}

describe('spec 001 section 9 (line 166): the records table height is the window less 250 px, at least 600 px', () => {
  it('given a page of 50 records, when the window is 700 px and then 1200 px high, then the table is 600 px and then 950 px high and scrolls inside', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 700 });
    try {
      await signIn(page, e2e.server.url, ANALYST);
      await page.goto(`${e2e.server.url}/objectdata/customers/1`);
      await page.locator('.tessera-records__table tbody tr').first().waitFor(POLL);
      await page.locator('.tessera-records__page-size select').selectOption('50');
      await expect
        .poll(() => page.locator('.tessera-records__table tbody tr').count(), POLL)
        .toBe(50);

      // 700 - 250 = 450, below the floor: 600 px.
      await expect.poll(async () => Math.round((await tableBox(page)).height), POLL).toBe(600);
      expect((await tableBox(page)).scrolls).toBe(true);

      // 1200 - 250 = 950 px.
      await page.setViewportSize({ width: 1280, height: 1200 });
      await expect.poll(async () => Math.round((await tableBox(page)).height), POLL).toBe(950);
      expect((await tableBox(page)).scrolls).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('spec 001 section 9 (line 161): the comment list is at most 350 px high', () => {
  it('given a task with eight long comments, when all are shown, then the list is at most 350 px high and scrolls inside', async () => {
    const task = await makeTask(e2e.server, {
      name: 'Review the Ortega file',
      assignee: 'lmartin',
    });
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 1000 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      // Eight comments, each long enough to take several lines, added as the page adds one.
      const added = await page.evaluate(
        async ({ path, taskId, processInstanceId }) => {
          const statuses: number[] = [];
          for (let index = 1; index <= 8; index += 1) {
            const response = await fetch(path, {
              method: 'POST',
              credentials: 'same-origin',
              headers: { 'content-type': 'application/json', 'x-tenant-name': 'internal' },
              body: JSON.stringify({
                taskName: 'Review the Ortega file',
                taskId,
                processInstanceId,
                comment: `Note ${index}: ${'The payslips and the bank statement agree on the monthly income. '.repeat(3)}`,
              }),
            });
            statuses.push(response.status);
          }
          return statuses;
        },
        { path: CommentPath.add, taskId: task.id, processInstanceId: task.instanceId },
      );
      expect(added).toEqual(Array(8).fill(200));

      await page.goto(`${e2e.server.url}/process/task/${task.id}`);
      await page.getByTestId('task-comment-text').first().waitFor(POLL);
      await page.getByRole('button', { name: /Show 7 more/ }).click();
      await expect.poll(() => page.getByTestId('task-comment-text').count(), POLL).toBe(8);

      const list = await page.locator('.tessera-task-comments__list').evaluate((element) => ({
        maxHeight: getComputedStyle(element).maxHeight,
        height: element.getBoundingClientRect().height,
        scrolls: element.scrollHeight > element.clientHeight,
      }));
      expect(list.maxHeight).toBe('350px');
      expect(list.height).toBeLessThanOrEqual(350);
      expect(list.scrolls).toBe(true);
    } finally {
      await context.close();
    }
  });
});
