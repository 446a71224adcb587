import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_FIXTURES_DIR } from '../../server/forms/seedFormDefinitions';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const AUTHOR = 'priya.nair@tessera.example';
const SHOTS = screenshotsFolder('preview-targets');

const e2e = setUpServerAndBrowser();

describe.each([1280, 375])('the author preview at %i px', (width) => {
  it('given a designer form, when its frames are scaled down, then they are pictures no pointer or screen reader reaches, and at full size a frame is usable and still passes axe', async () => {
    const { context, page } = await openPage(e2e.browser, { width, height: 900 });
    page.setDefaultTimeout(60_000);
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      const definition = await readFile(
        join(FORM_FIXTURES_DIR, 'DSG-loan-application.json'),
        'utf8',
      );
      await page.getByLabel('Definition').fill(definition);
      const desktop = page.locator('.tfp-frame[data-breakpoint="desktop"]');
      await desktop.locator('.tf-form').waitFor();

      // Scaled, the desktop frame is inert and hidden; axe finds no tiny targets in the frames.
      const screen = desktop.locator('.tfp-frame__screen');
      await expect.poll(() => screen.getAttribute('data-scaled')).toBe('true');
      expect(await screen.getAttribute('aria-hidden')).toBe('true');
      expect(await screen.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
      const scaled = await auditScreen(page, `en ${width} px: preview frames`, '.tfp-frames');
      expect(scaled, formatFindings(scaled)).toEqual([]);
      await page.locator('.tfp-frames').screenshot({ path: `${SHOTS}/frames-${width}.png` });

      // At full size the form can be filled in, at its true width, and still passes.
      const fullSize = desktop.getByTestId('preview-full-size');
      await fullSize.click();
      expect(await fullSize.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => screen.getAttribute('aria-hidden')).toBeNull();
      expect(await screen.evaluate((element) => (element as HTMLElement).inert)).toBe(false);
      expect(await screen.evaluate((element) => element.getBoundingClientRect().width)).toBe(1175);
      const textbox = desktop.getByRole('textbox').first();
      await textbox.fill('Given at full size');
      expect(await textbox.inputValue()).toBe('Given at full size');
      const full = await auditScreen(page, `en ${width} px: preview at full size`, '.tfp-frames');
      expect(full, formatFindings(full)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
