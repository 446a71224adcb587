import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_FIXTURES_DIR } from '../../server/forms/seedFormDefinitions';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { screenshotsFolder } from '../helpers/screenshotsFolder';

const AUTHOR = 'priya.nair@tessera.example';
const OFFICER = 'lucas.martin@tessera.example';
const SHOTS = screenshotsFolder();

const e2e = setUpServerAndBrowser();

/** A fixture definition as an author would paste it. */
async function fixtureText(name: string): Promise<string> {
  return readFile(join(FORM_FIXTURES_DIR, `${name}.json`), 'utf8');
}

describe('author preview', () => {
  it('given a form author, when pasting a designer definition, then three renderings and its warnings, in the chosen language', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.getByRole('link', { name: 'Form preview' }).click();
      await page.waitForURL('**/forms/preview');
      await page.getByLabel('Definition').fill(await fixtureText('DSG-form-with-warnings'));

      const frames = page.locator('.tfp-frame');
      await expect.poll(() => frames.count()).toBe(3);
      for (const breakpoint of ['desktop', 'tablet', 'phone']) {
        const frame = page.locator(`.tfp-frame[data-breakpoint="${breakpoint}"]`);
        await expect.poll(() => frame.locator('.tf-form').count()).toBe(1);
        expect(await frame.locator(`.tf-bp-${breakpoint}`).count()).toBe(1);
        // Author mode: the field ids sit beside the labels.
        expect(await frame.getByText('amount', { exact: true }).count()).toBeGreaterThan(0);
      }
      const warnings = page.locator('.tfp-findings__list--warning .tfp-finding');
      expect(await warnings.count()).toBeGreaterThanOrEqual(5);
      await expect
        .poll(() => page.locator('.tfp-findings').innerText())
        .toContain('These formulas depend on each other');
      await page.screenshot({ path: `${SHOTS}/preview-desktop.png`, fullPage: true });

      // The frames switch language on their own; the interface stays English.
      await page.getByRole('radio', { name: 'Français' }).click();
      await expect
        .poll(() => page.locator('.tfp-frame--phone .tfp-frame__screen').getAttribute('lang'))
        .toBe('fr');
      expect(await page.getByText('Paste a form definition').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('given half-typed JSON, when the author keeps typing, then a located error and nothing lost', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      const editor = page.getByLabel('Definition');
      await editor.fill('{\n  "id": "DSG-draft",\n  "fields": [\n');
      const alert = page.locator('#tfp-json-error');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/line \d+, column \d+/);
      expect(await editor.inputValue()).toBe('{\n  "id": "DSG-draft",\n  "fields": [\n');
    } finally {
      await context.close();
    }
  });

  it('given a phone, when the author opens a stored combined task, then its parts and the unresolved note render in a column', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 375, height: 812 });
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      await page.getByLabel('Definition').fill(
        JSON.stringify(
          {
            id: 'CUT-preview-demo',
            name: 'Review with a missing form',
            forms: [{ ref: 'DSG-customer-onboarding' }, { ref: 'DSG-not-stored-anywhere' }],
          },
          null,
          2,
        ),
      );
      const note = page
        .locator('.tfp-frame[data-breakpoint="phone"]')
        .getByText('DSG-not-stored-anywhere is not stored in this tenant', { exact: false });
      await note.waitFor();
      await page.screenshot({ path: `${SHOTS}/preview-phone.png` });
      const phoneFrame = page.locator('.tfp-frame--phone');
      await phoneFrame.scrollIntoViewIfNeeded();
      await phoneFrame.locator('.tf-cell').first().waitFor();
      // A chunk scrolled into view is painted on the next frame (content-visibility: auto).
      await phoneFrame
        .locator('.tf-chunk')
        .first()
        .evaluate(
          (chunk) =>
            new Promise<void>((resolve) => {
              const painted = () =>
                chunk.checkVisibility({ contentVisibilityAuto: true })
                  ? resolve()
                  : requestAnimationFrame(painted);
              painted();
            }),
        );
      await page.screenshot({ path: `${SHOTS}/preview-phone-frames.png` });
    } finally {
      await context.close();
    }
  });

  it('given staff without access-test, when opening the preview, then a clear refusal and no menu entry', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, OFFICER);
      expect(await page.getByRole('link', { name: 'Form preview' }).count()).toBe(0);
      await page.goto(`${e2e.server.url}/forms/preview`);
      await page.getByText('The form preview is for form authors').waitFor();
      expect(await page.getByRole('button', { name: 'Go to the dashboard' }).count()).toBe(1);
      expect(await page.getByLabel('Definition').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/preview-not-allowed.png` });
    } finally {
      await context.close();
    }
  });

  it('given a designer form at 1280 px, when previewed, then each frame lays it out at its true width, scaled to fit', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      await page.getByLabel('Definition').fill(await fixtureText('DSG-loan-application'));
      const expected = { desktop: 1175, tablet: 768, phone: 375 };
      for (const [breakpoint, width] of Object.entries(expected)) {
        const frame = page.locator(`.tfp-frame[data-breakpoint="${breakpoint}"]`);
        await frame.locator('.tf-form').waitFor();
        const measured = await frame.evaluate((element) => {
          const screen = element.querySelector<HTMLElement>('.tfp-frame__screen');
          const room = element.querySelector<HTMLElement>('.tfp-frame__room');
          return {
            // Layout width (transforms aside) and what it takes on screen.
            layout: screen?.offsetWidth ?? 0,
            drawn: screen?.getBoundingClientRect().width ?? 0,
            room: room?.getBoundingClientRect().width ?? 0,
            roomHeight: room?.getBoundingClientRect().height ?? 0,
            drawnHeight: screen?.getBoundingClientRect().height ?? 0,
          };
        });
        expect(measured.layout).toBeGreaterThanOrEqual(width);
        expect(measured.drawn).toBeLessThanOrEqual(measured.room + 1);
        expect(Math.abs(measured.roomHeight - measured.drawnHeight)).toBeLessThan(2);
      }
      // The desktop frame shows the desktop layout, scaled, with the id chips beside labels.
      const desktop = page.locator('.tfp-frame[data-breakpoint="desktop"]');
      expect(await desktop.locator('.tf-bp-desktop').count()).toBe(1);
      await page.locator('.tfp-frames').screenshot({ path: `${SHOTS}/preview-frames-1280.png` });
      await page.screenshot({ path: `${SHOTS}/preview-1280.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('given a clean definition, when the JSON is broken, then "compiles cleanly" is never shown', async () => {
    const { context, page } = await openPage(e2e.browser, { width: 1280, height: 900 });
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      const editor = page.getByLabel('Definition');
      const clean = JSON.stringify(
        { id: 'plain-clean', name: 'Clean', fields: [{ id: 'note', name: 'Note', type: 'text' }] },
        null,
        2,
      );
      await editor.fill(clean);
      await page.getByText('compiles cleanly', { exact: false }).waitFor();
      await editor.fill(clean.replace('"Note"', '"Note'));
      await page.locator('#tfp-json-error').waitFor();
      await page.getByTestId('findings-stale').waitFor();
      expect(await page.getByText('compiles cleanly', { exact: false }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
