import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { openPage, ZOOMED_200_PERCENT, type ContextOptions } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The supervisor: a full assigned list and intakes of her own. */
const SUPERVISOR = 'maria.garcia@tessera.example';
/** The back-office analyst (access-bo): the records. */
const ANALYST = 'claire.dubois@tessera.example';
/** Where each screen is photographed as checked, for a person to look at. */
const SHOTS = screenshotsFolder('reflow');

/**
 * The narrow windows of WCAG 1.4.10: 320 CSS pixels wide (a 1280 px window at 400 %), and
 * a 1280×800 window at 200 %.
 */
const WINDOWS: { name: string; options: ContextOptions }[] = [
  { name: '320 px', options: { width: 320, height: 640 } },
  { name: '200 % zoom', options: ZOOMED_200_PERCENT },
];

const e2e = setUpServerAndBrowser({ demoWorkload: true });
/** An intake the supervisor claimed herself. */
let taskId = '';

beforeAll(async () => {
  await seedDemoRecords(e2e.server.database.db);
  const task = await e2e.server.database.db
    .selectFrom('tasks')
    .select('id')
    .where('tenant', '=', 'internal')
    .where('assignee', '=', 'mgarcia')
    .where('element_id', '=', 'applicationIntake')
    .where('state', '=', 'open')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  taskId = task.id;
}, 300_000);

/** What one screen lost to a narrow window: each entry names the part and how. */
type Losses = string[];

/**
 * Whether the page scrolls sideways: reflow means one direction of scrolling only. A table
 * may scroll inside itself; the page may not.
 */
async function pageScrollsSideways(page: Page): Promise<Losses> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  return scrollWidth <= clientWidth + 1
    ? []
    : [`the page scrolls sideways: ${scrollWidth} px of content in ${clientWidth} px`];
}

/**
 * Whether the element matched by `selector` shows all of its text: not cut with an ellipsis
 * (wider or taller than its box) and not hidden by a scrolling or clipping ancestor or the
 * window's edge.
 */
async function cutOrClipped(page: Page, what: string, selector: string): Promise<Losses> {
  const problem = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const text = element.textContent?.trim() ?? '';
      if (element.scrollWidth > element.clientWidth + 1) {
        return `"${text}" is cut: ${element.scrollWidth} px of text in ${element.clientWidth} px`;
      }
      if (element.scrollHeight > element.clientHeight + 1) {
        return `"${text}" is cut: ${element.scrollHeight} px of lines in ${element.clientHeight} px`;
      }
      const box = element.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) {
        return `"${text}" runs past the window (${Math.round(box.left)}–${Math.round(box.right)} px of ${window.innerWidth})`;
      }
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1) {
          return `"${text}" is clipped by ${parent.className || parent.tagName} (${Math.round(box.left)}–${Math.round(box.right)} px shown in ${Math.round(clip.left)}–${Math.round(clip.right)} px)`;
        }
      }
      return null;
    });
  return problem ? [`${what}: ${problem}`] : [];
}

/** Signs `email` in on a fresh page of the window, runs `walk`, and closes the page. */
async function withPage(
  options: ContextOptions,
  email: string,
  walk: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = await openPage(e2e.browser, options);
  page.setDefaultTimeout(60_000);
  try {
    await signIn(page, e2e.server.url, email);
    await walk(page);
  } finally {
    await context.close();
  }
}

describe('reflow (WCAG 1.4.10: nothing lost in a narrow window)', () => {
  it.concurrent.for(WINDOWS)(
    'given the dashboard, a task form and the records at $name, when each is shown, then the page does not scroll sideways and the first task name and its Open task button are whole',
    { timeout: 300_000 },
    async ({ name, options }, { expect }) => {
      const losses: Losses = [];
      const check = async (page: Page, screen: string, found: Losses) => {
        losses.push(...found.map((loss) => `[${screen}] ${loss}`));
        await page.screenshot({
          path: join(SHOTS, `${name}-${screen}.png`.replace(/[^a-z0-9.]+/gi, '-')),
        });
      };
      await withPage(options, SUPERVISOR, async (page) => {
        await page.locator('.tessera-table [data-action="open"]').first().waitFor();
        await check(page, 'dashboard', [
          ...(await pageScrollsSideways(page)),
          ...(await cutOrClipped(
            page,
            'first task name',
            '.tessera-table__cell--strong .tessera-table__text',
          )),
          ...(await cutOrClipped(
            page,
            'first Open task button',
            '.tessera-table [data-action="open"]',
          )),
        ]);
        await page.goto(`${e2e.server.url}/process/task/${taskId}`);
        await page.getByTestId('task-form').waitFor();
        await page.locator(':is(.tf-outcomes, .tf-outcome-bar) button').first().waitFor();
        await check(page, 'task form', [
          ...(await pageScrollsSideways(page)),
          ...(await cutOrClipped(page, 'task name', 'h1')),
        ]);
      });
      await withPage(options, ANALYST, async (page) => {
        await page.goto(`${e2e.server.url}/objectdata/customers/1`);
        await page.locator('.tessera-records__table tbody tr').first().waitFor();
        await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
        await check(page, 'records', await pageScrollsSideways(page));
      });
      expect(losses, losses.join('\n')).toEqual([]);
    },
  );
});
