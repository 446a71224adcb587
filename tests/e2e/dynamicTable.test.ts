import { describe, expect, it } from 'vitest';
import { dynamicTablePlainForm } from '../../plugins/dynamic-table/dynamicTableFixture';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { screenshotsFolder } from '../helpers/screenshotsFolder';

const AUTHOR = 'priya.nair@tessera.example';
const SHOTS = screenshotsFolder();

const e2e = setUpServerAndBrowser();

describe('dynamic table field', () => {
  it.each([
    [1280, 'desktop'],
    [375, 'phone'],
  ])(
    'given a Flowable form with a dynamic table at %i px, when rows are added by keyboard, then they fill in and the table stays inside its cell',
    async (width, breakpoint) => {
      const { context, page } = await openPage(e2e.browser, { width, height: 900 });
      try {
        await signIn(page, e2e.server.url, AUTHOR);
        await page.goto(`${e2e.server.url}/forms/preview`);
        await page.getByLabel('Definition').fill(JSON.stringify(dynamicTablePlainForm, null, 2));
        const frame = page.locator(`.tfp-frame[data-breakpoint="${breakpoint}"]`);
        await frame.locator('.tfp-frame__screen').waitFor();
        // A scaled-down frame is only a picture of the layout: the author fills it at full size.
        const fullSize = frame.getByTestId('preview-full-size');
        if ((await fullSize.count()) > 0) await fullSize.press('Enter');
        const add = frame.getByRole('button', { name: 'Add row' });
        await add.waitFor();

        // Keyboard only: the button, then the new row's first cell takes the focus.
        await add.focus();
        await page.keyboard.press('Enter');
        const what = frame.getByRole('textbox', { name: 'What, row 1' });
        await expect
          .poll(() => what.evaluate((node) => node === document.activeElement))
          .toBe(true);
        await page.keyboard.type('Taxi');
        await page.keyboard.press('Tab');
        await page.keyboard.type('12.50');
        await add.focus();
        await page.keyboard.press('Enter');
        const what2 = frame.getByRole('textbox', { name: 'What, row 2' });
        await what2.waitFor();
        expect(await what.inputValue()).toBe('Taxi');

        // Leaving the empty row marks its required cells; focusing one shows why in a tooltip
        // on the cell (spec 001 section 5), and the table says how many need attention.
        await expect
          .poll(() => what2.evaluate((node) => node === document.activeElement))
          .toBe(true);
        await page.keyboard.press('Tab');
        await frame
          .locator('.tf-dynamic-table .tf-errors', { hasText: 'need attention' })
          .waitFor();
        await what2.focus();
        await page.locator('.bp6-tooltip', { hasText: 'Row 2: What is required.' }).waitFor();
        expect(await what2.getAttribute('aria-invalid')).toBe('true');

        // The table scrolls sideways inside its cell; the page itself does not widen.
        const scroll = frame.locator('.tf-dynamic-table__scroll');
        const fits = await scroll.evaluate((node) => {
          const cell = node.closest('.tf-dynamic-table')?.parentElement;
          return cell
            ? node.getBoundingClientRect().right <= cell.getBoundingClientRect().right + 1
            : false;
        });
        expect(fits).toBe(true);
        if (width === 375) {
          expect(await scroll.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
        }
        await page.screenshot({ path: `${SHOTS}/dynamic-table-${width}.png`, fullPage: true });

        const findings = await auditScreen(
          page,
          `${width} px: dynamic table`,
          `.tfp-frame[data-breakpoint="${breakpoint}"] .tf-dynamic-table`,
        );
        expect(findings, formatFindings(findings)).toEqual([]);

        // Removing the first row by its named button leaves the second in its place.
        await frame.getByRole('button', { name: 'Remove row 1' }).click();
        await expect
          .poll(() => frame.getByRole('button', { name: 'Remove row 2' }).count())
          .toBe(0);
        expect(await frame.getByRole('textbox', { name: 'What, row 1' }).inputValue()).toBe('');
      } finally {
        await context.close();
      }
    },
  );
});
