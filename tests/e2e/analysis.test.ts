import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnalysisPath } from '../../schemas/api/analysisConstants';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The back-office analyst (access-bo). */
const ANALYST = 'claire.dubois@tessera.example';

const LOCALES: Record<string, string> = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR' };

const e2e = setUpServerAndBrowser();

/** A look-up of one locale file's texts by key, throwing on a key it lacks. */
async function localeFile(language: string, name: string): Promise<(key: string) => string> {
  const texts = JSON.parse(await readFile(`locales/${language}/${name}.json`, 'utf8')) as Record<
    string,
    unknown
  >;
  return (key) => {
    const value = texts[key];
    if (typeof value !== 'string') throw new Error(`No ${language} ${name}.${key}`);
    return value;
  };
}

/** How far the page is wider than the screen (0 or less when it fits). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

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
    // Playwright reports a request by an event that may reach the test after the page has
    // already drawn what its answer led to: wait for the event, never assume its order.
    await expect.poll(() => tokenCalls.length).toBe(1);
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
    // It says what to do next, not only that it failed.
    expect(await page.getByTestId('oauth-callback-error-text').textContent()).toBe(
      'Close this window and sign in again from the Analyses tab of the records.',
    );
    await context.close();
  });
});

/** Forgets the analyst's consent, so the warning shows again. */
async function forgetConsent(): Promise<void> {
  const analyst = await e2e.server.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ANALYST)
    .executeTakeFirstOrThrow();
  await e2e.server.database.db
    .deleteFrom('analysis_consents')
    .where('user_id', '=', analyst.id)
    .execute();
}

/** The loans' records screen, its table drawn, at a width. */
async function openLoans(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
  await page.goto(`${e2e.server.url}/objectdata/loans/1`);
  await page.locator('.tessera-records__table tbody tr').first().waitFor();
}

const analysesTab = (page: Page) => page.locator('[role="tab"][data-tab-id="analyses"]');

describe('the Analyses tab in three languages on a desktop and a phone', () => {
  // One sign-in a language; the phone width by resizing the same page. The warning and the
  // sign-in prompt at both widths first, then the popup once, then the report at both.
  it.each(['en', 'es', 'fr'])(
    'given the analyst in %s, then the warning, the sign-in prompt and the report are translated, fit the screen, have no serious accessibility finding, and are kept as screenshots',
    async (language) => {
      const folder = screenshotsFolder('analysis');
      const findings: AccessibilityFinding[] = [];
      const text = await localeFile(language, 'analysis');
      const { context, page } = await openPage(e2e.browser, { locale: LOCALES[language] });
      page.setDefaultTimeout(60_000);
      try {
        await forgetConsent();
        await signIn(page, e2e.server.url, ANALYST);
        for (const width of [1280, 375]) {
          await forgetConsent();
          await openLoans(page, width);
          await analysesTab(page).click();
          const dialog = page.getByRole('dialog', { name: text('consentTitle') });
          await dialog.waitFor();
          // Audited once it has faded in: mid-transition colours are not what anyone reads.
          await page.locator('.bp6-overlay-enter-done .bp6-dialog').waitFor();
          findings.push(...(await auditScreen(page, `${language} ${width} px: warning`)));
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await page.screenshot({ path: join(folder, `warning-${language}-${width}.png`) });
          await dialog.getByRole('button', { name: text('consentContinue') }).click();
          await dialog.waitFor({ state: 'hidden' });
          const prompt = page.getByTestId('analysis-sign-in');
          await prompt.waitFor();
          expect(await page.getByText(text('signInTitle')).count()).toBe(1);
          findings.push(...(await auditScreen(page, `${language} ${width} px: sign-in prompt`)));
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await page.screenshot({ path: join(folder, `sign-in-${language}-${width}.png`) });
        }

        // The popup signs in by itself and closes: its own page is a redirect, not a screen.
        const popupEvent = page.waitForEvent('popup');
        await page.getByTestId('analysis-sign-in').click();
        const popup = await popupEvent;
        if (!popup.isClosed()) await popup.waitForEvent('close');

        for (const width of [375, 1280]) {
          if (width === 1280) {
            // Consent given and signed in: the tab opens straight on the report.
            await openLoans(page, width);
            await analysesTab(page).click();
          }
          await page.getByTestId('analysis-account').filter({ hasText: ANALYST }).waitFor();
          const frame = page.frameLocator('[data-testid="analysis-frame"]');
          await frame.locator('svg').first().waitFor();
          // The bars' words stay readable on a phone: the chart scrolls in its own box instead
          // of shrinking to the frame.
          const chartWidth = await frame
            .locator('svg')
            .first()
            .evaluate((svg) => svg.getBoundingClientRect().width);
          expect(chartWidth).toBeGreaterThanOrEqual(520);
          expect(await frame.locator('html').getAttribute('lang')).toBe(language);
          // Months read as months of the language, not as `2026-08`.
          const months = await frame.locator('#by-month ~ table tbody th').allTextContents();
          expect(months.length).toBeGreaterThan(0);
          expect(months.filter((month) => /^\d{4}-\d{2}$/.test(month))).toEqual([]);
          // Amounts and their heading line up on the right.
          const alignments = await frame
            .locator('#by-month ~ table')
            .evaluate((table) =>
              [table.querySelector('thead th:last-child'), table.querySelector('tbody td')].map(
                (cell) => (cell ? getComputedStyle(cell).textAlign : ''),
              ),
            );
          expect(alignments).toEqual(['right', 'right']);
          findings.push(...(await auditScreen(page, `${language} ${width} px: report`)));
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await page.screenshot({ path: join(folder, `report-${language}-${width}.png`) });
          await page.screenshot({
            path: join(folder, `report-${language}-${width}-full.png`),
            fullPage: true,
          });
        }

        // The callback opened by itself: the one screen of the popup a person can stay on.
        await page.goto(`${e2e.server.url}/oauth/callback?code=abc`);
        await page.getByTestId('oauth-callback-error').waitFor();
        await page.screenshot({ path: join(folder, `callback-error-${language}-1280.png`) });
      } finally {
        await context.close();
      }
      expect(findings, formatFindings(findings)).toEqual([]);
    },
    360_000,
  );
});
