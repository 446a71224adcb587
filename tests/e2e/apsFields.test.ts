import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../server/paths';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const AUTHOR = 'priya.nair@tessera.example';

const e2e = setUpServerAndBrowser();

describe('Alfresco Process Services fields', () => {
  it('given an APS export in the author preview, when filled by keyboard, then the date-time keeps every digit, a typeahead choice is picked with the arrows and Enter, and display values show', async () => {
    const definition = await readFile(
      projectPath('fixtures', 'forms', 'aps-appointment-review.json'),
      'utf8',
    );
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      await page.getByLabel('Definition').fill(definition);
      const frame = page.locator('.tfp-frame[data-breakpoint="desktop"]');
      // A scaled-down frame is only a picture of the layout: the author fills it at full size.
      await frame.getByTestId('preview-full-size').press('Enter');
      const name = frame.getByRole('textbox', { name: /Applicant name/ });
      await name.waitFor();

      // The author learns why two fields cannot do everything they did in APS.
      await page.getByText(/come from the service https:\/\/crm\.example\.com/).waitFor();
      await page
        .getByText(/“scanFolder” picks a folder of an Alfresco content repository/)
        .waitFor();

      // A display value of a field on the same form follows it as it is typed; one of a
      // process variable shows the exported value, formatted as an amount.
      await name.focus();
      await page.keyboard.type('Ada Lovelace');
      const echo = frame.locator('output.tf-readonly[data-source="applicantName"]');
      await expect.poll(() => echo.textContent()).toBe('Ada Lovelace');
      const amount = frame.locator('output.tf-readonly[data-source="approvedAmount"]');
      expect(await amount.textContent()).toBe('12 000.00');

      // A date and time typed digit by digit, day first whatever the browser's language:
      // every digit, the year's included, is kept.
      const day = frame.locator('input.tf-datetime');
      await day.focus();
      for (const digit of '05032026') await page.keyboard.press(digit);
      expect(await day.inputValue()).toBe('05/03/2026');
      expect(await day.evaluate((node) => node === document.activeElement)).toBe(true);
      const time = frame.locator('input.tf-datetime__time');
      await time.focus();
      for (const digit of '1430') await page.keyboard.press(digit);
      expect(await time.inputValue()).toBe('14:30');

      // A typeahead: type, move down with the arrow, pick with Enter.
      const branch = frame.getByRole('combobox', { name: /Branch/ });
      await branch.focus();
      await page.keyboard.type('l');
      await expect.poll(() => branch.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowDown');
      const london = frame.getByRole('option', { name: 'London' });
      await expect.poll(() => london.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Enter');
      await expect.poll(() => branch.inputValue()).toBe('London');
      expect(await branch.getAttribute('aria-expanded')).toBe('false');

      // The folder picker says plainly that it cannot be used here.
      await frame
        .locator('.tf-select-folder')
        .getByText(/A folder cannot be chosen here/)
        .waitFor();

      const findings = await auditScreen(
        page,
        'APS fields in the author preview',
        '.tfp-frame[data-breakpoint="desktop"]',
      );
      expect(findings, formatFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
