import { describe, expect, it } from 'vitest';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { startLoanApplication } from '../helpers/loanApplication';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl, openTaskPage } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder('date-field');

const e2e = setUpServerAndBrowser();

describe('a form’s date field', () => {
  it.each([1280, 375])(
    'given a French officer at %i px, when she types a birth date day first and then picks another day with the keyboard, then both read DD/MM/YYYY, the calendar speaks French and nothing serious is found',
    async (width) => {
      const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR', width });
      page.setDefaultTimeout(60_000);
      try {
        await signIn(page, e2e.server.url, OFFICER);
        const task = (await startLoanApplication(e2e.server, OFFICER_ID, 'Marie Curie')).task;
        await openTaskPage(page, e2e.server.url, task.id);

        // When she types the day, the month and the year.
        const birth = fieldControl(page, 'dateOfBirth');
        await birth.pressSequentially('07111967');
        expect(await birth.inputValue()).toBe('07/11/1967');
        expect(await birth.getAttribute('placeholder')).toBe('JJ/MM/AAAA');
        await page.screenshot({ path: `${SHOTS}/typed-fr-${width}.png` });

        // And opens the calendar from the keyboard.
        await birth.press('Alt+ArrowDown');
        const calendar = page.getByRole('dialog', { name: 'Calendrier' });
        const grid = calendar.getByRole('grid');
        await grid.waitFor();
        expect(await grid.getAttribute('aria-label')).toBe('novembre 1967');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('7');
        await page.screenshot({ path: `${SHOTS}/calendar-fr-${width}.png` });
        const findings = await auditScreen(page, `fr ${width} px: calendar`, '.bp6-popover');
        expect(findings, formatFindings(findings)).toEqual([]);

        // Then a day picked with the arrows and Enter replaces the text, the focus back on it.
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        await grid.waitFor({ state: 'detached' });
        expect(await birth.inputValue()).toBe('08/11/1967');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
          .toMatch(/_dateOfBirth$/);
      } finally {
        await context.close();
      }
    },
  );
});
