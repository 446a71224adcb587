import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DatabaseFault, type DatabaseFaults } from '../../server/db/databaseGuard';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const HEADING = 'Tessera is temporarily unavailable';
/**
 * The page asks every 5 s, then the dashboard's first list loads: a few seconds (each whole
 * case, sign-in included, took about 10 s here); 30 s is only a hang's limit.
 */
const BACK_WITHIN_MS = 30_000;

const e2e = setUpServerAndBrowser({ databaseFaults: true });

const faults = (): DatabaseFaults => {
  const switchOf = e2e.server.faults;
  if (!switchOf) throw new Error('the test server has no fault switch');
  return switchOf;
};

/** Marks the page, so a later check can tell that it was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { tesseraNotReloaded?: boolean }).tesseraNotReloaded = true;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { tesseraNotReloaded?: boolean }).tesseraNotReloaded === true,
  );

describe('database faults in the browser', () => {
  it.each([
    { width: 1280, height: 900, name: 'desktop' },
    { width: 375, height: 740, name: 'phone' },
  ])(
    'given a signed-in officer on the dashboard ($name), when the database fails, then the unavailable view shows with focus on its heading, and when it is back the dashboard returns without a reload',
    async ({ width, height, name }) => {
      const { context, page } = await openPage(e2e.browser, { width, height });
      try {
        await signIn(page, e2e.server.url, OFFICER);
        await markPage(page);

        faults().set(DatabaseFault.error);
        // The next call the dashboard makes (here: another tab's list) meets the outage.
        await page.locator('[role="tab"][data-tab-id="candidate"]').click();
        await page.waitForURL(`${e2e.server.url}/maintenance`);
        const heading = page.getByRole('heading', { level: 1, name: HEADING });
        await heading.waitFor();
        await page.getByRole('button', { name: 'Try again now' }).waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? 'none'))
          .toBe('h1');
        const findings = await auditScreen(page, `database unavailable (${name})`);
        expect(findings, formatFindings(findings)).toEqual([]);
        await page.screenshot({
          path: join(screenshotsFolder('databaseFaults'), `unavailable-${name}.png`),
          fullPage: true,
        });

        // Still down: the button asks again and the view stays.
        await page.getByRole('button', { name: 'Try again now' }).click();
        await heading.waitFor();
        expect(new URL(page.url()).pathname).toBe('/maintenance');

        faults().off();
        await page
          .locator('[data-testid="tab-count-assigned"]')
          .waitFor({ timeout: BACK_WITHIN_MS });
        expect(new URL(page.url()).pathname).toBe('/');
        expect(await stillSamePage(page)).toBe(true);
      } finally {
        faults().off();
        await context.close();
      }
    },
  );

  it('given the unavailable view, when the officer presses Try again now after the database is back, then the dashboard returns', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await markPage(page);
      faults().set(DatabaseFault.drop);
      await page.locator('[role="tab"][data-tab-id="candidate"]').click();
      await page.getByRole('heading', { level: 1, name: HEADING }).waitFor();

      faults().off();
      const asked = page.waitForRequest((request) =>
        request.url().includes('/identity/authorizationStatus'),
      );
      await page.getByRole('button', { name: 'Try again now' }).click();
      await asked;
      await page.locator('[data-testid="tab-count-assigned"]').waitFor({ timeout: BACK_WITHIN_MS });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await stillSamePage(page)).toBe(true);
    } finally {
      faults().off();
      await context.close();
    }
  });
});
