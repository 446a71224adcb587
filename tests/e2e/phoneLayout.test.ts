import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** A back-office user with work in all three tabs of the demo workload. */
const ANALYST = 'claire.dubois@tessera.example';
const SHOTS = screenshotsFolder('phone-layout');

const e2e = setUpServerAndBrowser({ demoWorkload: true });

/** A box on the page: left, top, right and bottom in CSS pixels. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The element's box in the viewport, or a failure if it is not drawn. */
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`Not drawn: ${locator.toString()}`);
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

/** Whether two boxes share any area. */
function overlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Scrolls the page to its very end. */
async function scrollPageToEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = root.scrollHeight;
  });
}

describe('the dashboard on a French phone (375 × 812)', () => {
  it('given the analyst signed in, then the tabs stay on one line in a strip that scrolls, the start button covers no pager button, and the last row shows whole', async () => {
    const { context, page } = await openPage(e2e.browser, {
      locale: 'fr-FR',
      width: 375,
      height: 812,
    });
    try {
      page.setDefaultTimeout(60_000);
      await signIn(page, e2e.server.url, ANALYST);
      await page.locator('.tessera-table__body .tessera-table__row').first().waitFor();
      await page.screenshot({ path: join(SHOTS, 'phone-fr-top.png') });

      // Then the three tabs share one line, and the strip scrolls rather than wraps.
      const tabs = page.locator('.tessera-dashboard__tabs [role="tab"]');
      expect(await tabs.count()).toBe(3);
      const tops = await Promise.all([0, 1, 2].map(async (i) => (await boxOf(tabs.nth(i))).top));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
      const strip = await page.locator('.tessera-dashboard__tabs').evaluate((element) => ({
        overflowX: getComputedStyle(element).overflowX,
        scrolls: element.scrollWidth > element.clientWidth,
      }));
      expect(strip.overflowX).toBe('auto');
      // The page itself never scrolls sideways.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);

      // When the last tab is chosen, it is scrolled into the strip, whole.
      await tabs.nth(2).click();
      await page.locator('.tessera-table[data-list="team"]').waitFor();
      await page.waitForTimeout(300);
      const stripBox = await boxOf(page.locator('.tessera-dashboard__tabs'));
      const teamTab = await boxOf(tabs.nth(2));
      expect(teamTab.left).toBeGreaterThanOrEqual(stripBox.left - 0.5);
      expect(teamTab.right).toBeLessThanOrEqual(stripBox.right + 0.5);
      if (strip.scrolls) {
        expect(
          await page.locator('.tessera-dashboard__tabs').evaluate((e) => e.scrollLeft),
        ).toBeGreaterThan(0);
      }
      // The focus ring of the tab reached with the Tab key is drawn inside the strip.
      await tabs.nth(2).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      const ring = await tabs.nth(2).evaluate((element) => ({
        focused: element === document.activeElement,
        style: getComputedStyle(element).outlineStyle,
        offset: getComputedStyle(element).outlineOffset,
      }));
      expect(ring).toEqual({ focused: true, style: 'solid', offset: '-2px' });
      await page.screenshot({ path: join(SHOTS, 'phone-fr-team-tab-focused.png') });

      // Then at the end of the page the start button covers neither pager button.
      await scrollPageToEnd(page);
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(SHOTS, 'phone-fr-bottom.png') });
      const fab = await boxOf(page.getByTestId('start-process'));
      expect(overlap(fab, await boxOf(page.getByTestId('page-next')))).toBe(false);
      expect(overlap(fab, await boxOf(page.getByTestId('page-previous')))).toBe(false);
      expect(overlap(fab, await boxOf(page.locator('.tessera-pager')))).toBe(false);

      // And the table's last row, scrolled to, lies whole within the table and the screen.
      const table = page.locator('.tessera-table');
      await table.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
      });
      await page.waitForTimeout(200);
      await scrollPageToEnd(page);
      const lastRow = page.locator('.tessera-table__body .tessera-table__row').last();
      const row = await boxOf(lastRow);
      const inner = await table.evaluate((element) => {
        const box = element.getBoundingClientRect();
        // The client area, without the scroll bars.
        return {
          left: box.left + element.clientLeft,
          top: box.top + element.clientTop,
          right: box.left + element.clientLeft + element.clientWidth,
          bottom: box.top + element.clientTop + element.clientHeight,
        };
      });
      expect(row.top).toBeGreaterThanOrEqual(inner.top - 0.5);
      expect(row.bottom).toBeLessThanOrEqual(inner.bottom + 0.5);
      expect(row.bottom).toBeLessThanOrEqual(812);
      expect(overlap(fab, row)).toBe(false);
      await page.screenshot({ path: join(SHOTS, 'phone-fr-last-row.png') });
    } finally {
      await context.close();
    }
  }, 180_000);

  it('given the same analyst at 1280 px, then the desktop dashboard is as before: tabs in a row, the start button in the top bar', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR', width: 1280 });
    try {
      page.setDefaultTimeout(60_000);
      await signIn(page, e2e.server.url, ANALYST);
      await page.locator('.tessera-table__body .tessera-table__row').first().waitFor();
      const start = page.getByTestId('start-process');
      expect(await start.evaluate((element) => getComputedStyle(element).position)).not.toBe(
        'fixed',
      );
      const tabs = page.locator('.tessera-dashboard__tabs [role="tab"]');
      const tops = await Promise.all([0, 1, 2].map(async (i) => (await boxOf(tabs.nth(i))).top));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
      await page.screenshot({ path: join(SHOTS, 'desktop-fr-1280.png'), fullPage: true });
    } finally {
      await context.close();
    }
  }, 180_000);
});
