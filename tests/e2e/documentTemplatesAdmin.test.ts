import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../../server/documents/buildDocx';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import { DEMO_OBJECT_DEFINITIONS } from '../../server/seed/demoRecords';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { expectFocus, tabTo } from '../helpers/keyboard';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The form author, who administers the tenant's templates (access-admin). */
const ADMIN = 'priya.nair@tessera.example';
const SHOTS = screenshotsFolder('templates-admin');

const e2e = setUpServerAndBrowser();

// The demo's objects without their thousands of records: the built-in record templates are
// for them, and their rows name them by label.
beforeAll(async () => {
  for (const definition of DEMO_OBJECT_DEFINITIONS) {
    await storeObjectDefinition(e2e.server.database.db, 'internal', definition);
  }
});

/** A translation from the locale files, by dotted key under `document`. */
async function documentText(language: string, key: string): Promise<string> {
  const tree: unknown = JSON.parse(await readFile(`locales/${language}/document.json`, 'utf8'));
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
  if (typeof value !== 'string') throw new Error(`No ${language} document.${key}`);
  return value;
}

const row = (page: Page, name: string) =>
  page.getByTestId('templates-table').locator('tr', { has: page.getByRole('rowheader', { name }) });

describe('document templates administration', () => {
  it('given an administrator with the keyboard, when adding a Word template and removing it, then the row appears, the confirmation starts on Cancel and the row goes', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
      // From the drawer, by keyboard: the entry is there for administrators.
      await tabTo(page, { selector: 'a.tessera-nav__item', text: 'Document templates' });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin/templates');
      await expectFocus(page, { selector: 'h1', text: 'Document templates' });
      // The seeded templates are listed with the report they are for.
      const seeded = row(page, 'Customer onboarding record');
      await seeded.waitFor();
      expect(await seeded.locator('td').nth(2).innerText()).toBe('Built in');

      await tabTo(page, { selector: '#template-scope' });
      await page.locator('#template-scope').selectOption({ label: 'Loan report' });
      await page.keyboard.press('Tab');
      await expectFocus(page, { selector: '#template-name' });
      await page.keyboard.type('Loan summary');
      await page.locator('#template-file').setInputFiles({
        name: 'loan-summary.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: buildDocx([{ text: 'Loan for {customerName}' }]),
      });
      await page.locator('#template-name').focus();
      await page.keyboard.press('Enter');

      const added = row(page, 'Loan summary');
      await added.waitFor();
      expect(await added.locator('td').allInnerTexts()).toEqual([
        'Loan report',
        'Word document',
        'Priya Nair',
        // Added on, DD MMM YYYY (the spec's date format) in the reader's language.
        expect.stringMatching(/^\d{2} \S+ \d{4}$/),
        '',
      ]);
      // The form is empty again, ready for the next one, with focus on the name.
      await expectFocus(page, { selector: '#template-name' });
      expect(await page.locator('#template-name').inputValue()).toBe('');

      const findings = await auditScreen(page, 'en 1280 px: templates');
      await page.screenshot({ path: `${SHOTS}/en-1280.png`, fullPage: true });

      // Remove: the dialog opens on its safe button; Escape keeps the template.
      const remove = added.getByRole('button', { name: 'Remove the template Loan summary' });
      await remove.focus();
      await page.keyboard.press('Enter');
      await expectFocus(page, { selector: '.bp6-dialog button', text: 'Cancel' });
      // Audited once it has faded in: mid-transition colours are not what anyone reads.
      await page.locator('.bp6-overlay-enter-done .bp6-dialog').waitFor();
      findings.push(...(await auditScreen(page, 'en 1280 px: remove dialog', '.bp6-dialog')));
      await page.keyboard.press('Escape');
      await expectFocus(page, {
        selector: 'button[aria-label="Remove the template Loan summary"]',
      });
      await page.keyboard.press('Enter');
      await expectFocus(page, { selector: '.bp6-dialog button', text: 'Cancel' });
      await tabTo(page, { selector: '.bp6-dialog button', text: 'Remove' }, { limit: 4 });
      await page.keyboard.press('Enter');
      await added.waitFor({ state: 'detached' });
      const templates = await e2e.server.database.db
        .selectFrom('document_templates')
        .select('name')
        .where('name', '=', 'Loan summary')
        .execute();
      expect(templates).toEqual([]);
      expect(findings, formatFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['es', 'es-ES', 375],
    ['fr', 'fr-FR', 375],
    ['fr', 'fr-FR', 1280],
  ])(
    'in %s (%s) at %i px, given a template with a loop never closed, then the file field says why in the language, is marked and focused, and the name is kept',
    async (language, locale, width) => {
      const { context, page } = await openPage(e2e.browser, { locale, width });
      try {
        await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
        await page.goto(`${e2e.server.url}/admin/templates`);
        // A phone lists the templates as cards, a desktop as a table.
        await page.getByTestId(width === 375 ? 'templates-cards' : 'templates-table').waitFor();
        await page.locator('#template-scope').selectOption('CUSTOMER');
        await page.locator('#template-name').fill(`Carta ${width}`);
        await page.locator('#template-file').setInputFiles({
          name: 'broken.docx',
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          buffer: buildDocx([{ text: '{#tasks} never closed' }]),
        });
        await page.getByTestId('template-form').locator('button[type="submit"]').click();

        const problem = page.locator('#template-file-problem');
        await problem.waitFor();
        expect(await problem.innerText()).toBe(await documentText(language, 'template.broken'));
        await expectFocus(page, { selector: '#template-file[aria-invalid="true"]' });
        expect(await page.locator('#template-name').inputValue()).toBe(`Carta ${width}`);
        expect(await page.locator('#template-scope').inputValue()).toBe('CUSTOMER');

        // Nothing wider than the screen but the table's own scroller.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        const findings = await auditScreen(page, `${language} ${width} px: refused template`);
        await page.screenshot({
          path: `${SHOTS}/${language}-${width}-refused.png`,
          fullPage: true,
        });
        expect(findings, formatFindings(findings)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  // One sign-in a language, the phone width by resizing the same page.
  it.each([
    ['en', 'en-GB'],
    ['es', 'es-ES'],
    ['fr', 'fr-FR'],
  ])(
    'in %s (%s), given the templates on a desktop and a phone, then each names what it is for by its label, the phone shows cards that fit, and both are axe-clean',
    async (language, locale) => {
      const { context, page } = await openPage(e2e.browser, { locale });
      const findings: AccessibilityFinding[] = [];
      const labels = DEMO_OBJECT_DEFINITIONS.map((definition) =>
        localizeText(definition.label, language),
      );
      const keys = DEMO_OBJECT_DEFINITIONS.map((definition) => definition.key);
      try {
        await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
          await page.goto(`${e2e.server.url}/admin/templates`);
          const scopes =
            width === 375
              ? page.getByTestId('templates-cards').locator('li dl > div:first-child dd')
              : page.getByTestId('templates-table').locator('tbody td:nth-child(2)');
          await scopes.first().waitFor();
          const shown = await scopes.allInnerTexts();
          // An object's template says the object's label, never its key.
          expect(shown.filter((text) => labels.includes(text)).length).toBeGreaterThan(0);
          expect(shown.filter((text) => keys.includes(text))).toEqual([]);
          if (width === 375) {
            expect(await page.getByTestId('templates-table').count()).toBe(0);
            const card = page.getByTestId('templates-cards').locator('li', {
              has: page.getByRole('heading', { name: 'Customer onboarding record' }),
            });
            // A built-in template offers no removal.
            await card.waitFor();
            expect(
              await card.getByRole('button', { name: /Customer onboarding record/ }).count(),
            ).toBe(0);
          }
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          findings.push(...(await auditScreen(page, `${language} ${width} px: templates`)));
          await page.screenshot({
            path: `${SHOTS}/${language}-${width}-list.png`,
            fullPage: true,
          });
        }
      } finally {
        await context.close();
      }
      expect(findings, formatFindings(findings)).toEqual([]);
    },
  );

  it('given staff without access-admin, when opening the page, then they are sent to the dashboard and the drawer has no entry', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, 'claire.dubois@tessera.example', { until: 'shell' });
      expect(await page.locator('a[href="/admin/templates"]').count()).toBe(0);
      await page.goto(`${e2e.server.url}/admin/templates`);
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByTestId('template-form').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
