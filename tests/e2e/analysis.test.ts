import type { Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisPath } from '../../schemas/api/analysisConstants';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The back-office analyst (access-bo). */
const ANALYST = 'claire.dubois@tessera.example';

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await seedDemoRecords(e2e.server.database.db);
}, 300_000);

describe('the Analyses tab in the browser', () => {
  it('given the analyst on the loans, when she opens Analyses by keyboard, accepts the warning and signs in through the popup, then the frame shows the charts of the loans, a foreign message changes nothing, and tab and dialog are axe-clean', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    const tokenCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(AnalysisPath.token)) tokenCalls.push(request.url());
    });
    await signIn(page, e2e.server.url, ANALYST);
    await page.goto(`${e2e.server.url}/objectdata/loans/1`);
    await page.getByRole('heading', { level: 1, name: 'Loans' }).waitFor();

    // When the Analyses tab is reached with the arrow keys and chosen with Enter.
    await page.locator('.tessera-records__table tbody tr').first().waitFor();
    const recordsTab = page.getByRole('tab', { name: 'Records' });
    // The page's heading takes focus once the page has loaded; the tab is focused after it.
    await expect
      .poll(async () => {
        await recordsTab.focus();
        return recordsTab.evaluate((tab) => tab === document.activeElement);
      })
      .toBe(true);
    await page.keyboard.press('ArrowRight');
    const analysesTab = page.getByRole('tab', { name: 'Analyses' });
    await expect
      .poll(() => analysesTab.evaluate((tab) => tab === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');

    // Then the warning shows with focus on its safe button, and is axe-clean.
    const dialog = page.getByRole('dialog', { name: 'Open the analysis report?' });
    await dialog.waitFor();
    const stay = dialog.getByRole('button', { name: 'Stay on the records' });
    await expect
      .poll(() => stay.evaluate((button) => button === document.activeElement))
      .toBe(true);
    const dialogFindings = await auditScreen(page, 'en 1280 px: analysis warning');
    expect(dialogFindings, formatFindings(dialogFindings)).toEqual([]);

    // When Escape closes it, the records stay.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await recordsTab.getAttribute('aria-selected')).toBe('true');

    // When she chooses Analyses again and continues, the sign-in prompt shows.
    await analysesTab.click();
    await dialog.getByRole('button', { name: 'Continue to the report' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const signInButton = page.getByTestId('analysis-sign-in');
    await signInButton.waitFor();
    expect(await analysesTab.getAttribute('aria-selected')).toBe('true');
    const promptFindings = await auditScreen(page, 'en 1280 px: analysis sign-in prompt');
    expect(promptFindings, formatFindings(promptFindings)).toEqual([]);

    // The popup's authorization request is held until a foreign message has been tried.
    let release: (() => void) | undefined;
    let authorizeUrl = '';
    await context.route(`**${AnalysisPath.idp}/auth?*`, async (route: Route) => {
      authorizeUrl = route.request().url();
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    const popupEvent = page.waitForEvent('popup');
    await signInButton.click();
    await expect.poll(() => authorizeUrl).not.toBe('');
    const authorize = new URL(authorizeUrl);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('scope')).toBe('openid email');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${e2e.server.url}/oauth/callback`);

    // When another origin posts oauth_complete with the right state, nothing is exchanged.
    await page.evaluate(
      (state) => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { action: 'oauth_complete', code: 'forged-code', state },
            origin: 'http://evil.localhost',
          }),
        );
      },
      authorize.searchParams.get('state') ?? '',
    );
    await page.waitForTimeout(300);
    expect(tokenCalls).toEqual([]);
    expect(await page.getByTestId('analysis-frame').count()).toBe(0);

    // When the provider goes on, the popup signs in, posts the code and closes itself.
    release?.();
    // The popup is announced once its first request has been answered.
    const popup = await popupEvent;
    if (!popup.isClosed()) await popup.waitForEvent('close');
    await context.unroute(`**${AnalysisPath.idp}/auth?*`);

    // Then the server exchanged it once, the account shows and the frame draws the charts.
    await page.getByTestId('analysis-account').filter({ hasText: ANALYST }).waitFor();
    expect(tokenCalls).toHaveLength(1);
    const frame = page.frameLocator('[data-testid="analysis-frame"]');
    await frame.getByRole('heading', { level: 1, name: 'Loans: analysis' }).waitFor();
    expect(await frame.locator('svg').count()).toBe(2);
    expect(await frame.getByTestId('analysis-total').textContent()).toMatch(/\d+ records/);
    const tabFindings = await auditScreen(page, 'en 1280 px: analysis report');
    expect(tabFindings, formatFindings(tabFindings)).toEqual([]);

    await context.close();
  }, 180_000);

  it('given the callback opened directly, when it has no opener, then it says to try again', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);
    await page.goto(`${e2e.server.url}/oauth/callback?code=abc`);
    await page.getByTestId('oauth-callback-error').waitFor();
    expect(await page.getByTestId('oauth-callback-error').textContent()).toMatch(/try again/i);
    await context.close();
  });
});
