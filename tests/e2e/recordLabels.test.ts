import { beforeAll, describe, expect, it } from 'vitest';
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

/** The loan products' labels by language, as the demo dictionary holds them. */
const PRODUCT_LABELS: Record<string, readonly string[]> = {
  en: ['Mortgage', 'Personal loan', 'Car loan'],
  es: ['Hipoteca', 'Préstamo personal', 'Préstamo de coche'],
  fr: ['Prêt immobilier', 'Prêt personnel', 'Prêt auto'],
};
const CAR_LOAN: Record<string, string> = {
  en: 'Car loan',
  es: 'Préstamo de coche',
  fr: 'Prêt auto',
};

describe('dictionary labels in the records list', () => {
  it('given the loans list, when the analyst reads and filters the product column, then she sees the products by their labels, not their codes', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);
    await page.goto(`${e2e.server.url}/objectdata/loans/1`);
    await page.locator('.tessera-records__table tbody tr').first().waitFor();
    const language = (await page.evaluate(() => document.documentElement.lang)).slice(0, 2);
    const labels = PRODUCT_LABELS[language] ?? PRODUCT_LABELS.en ?? [];

    // The product column (the 5th field of loans) shows labels once the lists are here.
    const productTexts = () =>
      page
        .locator('.tessera-records__table tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.children[4]?.textContent ?? ''));
    await expect
      .poll(async () => (await productTexts()).every((text) => labels.includes(text)), {
        timeout: 20_000,
      })
      .toBe(true);

    // When the filters are opened, the product filter offers the labels; choosing the car
    // loan and searching leaves only car loans.
    await page.getByRole('button', { name: 'Filters' }).click();
    const select = page.locator('#records-filter-loanProduct');
    await select.waitFor();
    const offered = await select.locator('option').allTextContents();
    expect(offered).toEqual(expect.arrayContaining([...labels]));
    expect(offered).not.toContain('car');
    await select.selectOption({ label: CAR_LOAN[language] ?? 'Car loan' });
    await page.locator('.tessera-records__filters button[type="submit"]').click();
    await expect
      .poll(
        async () => {
          const texts = await productTexts();
          return texts.length > 0 && texts.every((text) => text === CAR_LOAN[language]);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const findings = await auditScreen(page, 'records: dictionary labels and filter');
    expect(findings, formatFindings(findings)).toEqual([]);
    await context.close();
  });
});
