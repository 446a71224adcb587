import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startLoanApplication } from '../helpers/loanApplication';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, fieldControl, openTaskPage, toastText } from '../helpers/taskPage';
import { storedTask } from '../../server/forms/testing/formTestKit';
import { seedDemoRecords } from '../../server/seed/demoRecords';

/** A loan officer whose language is Spanish. */
const OFFICER = 'javier.morales@tessera.example';
const OFFICER_ID = 'jmorales';
/** A back-office analyst whose language is Spanish. */
const ANALYST = 'maria.garcia@tessera.example';
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder('dictionaries');

const e2e = setUpServerAndBrowser();

describe('a dropdown bound to a system dictionary', () => {
  it('given a Spanish-speaking officer, when choosing a loan product, then the tenant’s active products show in Spanish and the saved value is the code', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'es-ES' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, OFFICER);
    const { task } = await startLoanApplication(e2e.server, OFFICER_ID, 'Ada Lovelace');

    // Given the loan application, whose product list names the `loanProducts` dictionary.
    await openTaskPage(page, e2e.server.url, task.id);
    const product = fieldControl(page, 'loanProduct');
    await product.waitFor();

    // Then its choices are the dictionary's active entries, labelled in Spanish; the retired
    // bridging loan is not offered.
    const labels = await product.locator('option').allTextContents();
    expect(labels).toEqual([
      'Elija un producto',
      'Hipoteca',
      'Préstamo personal',
      'Préstamo de coche',
      'Préstamo para empresas',
    ]);

    // When the officer picks one (a product the form itself never listed)
    // and saves.
    await product.focus();
    await product.selectOption({ label: 'Préstamo para empresas' });
    await expect(
      product.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
    ).resolves.toBe('Préstamo para empresas');
    await fieldCell(page, 'loanProduct').screenshot({ path: `${SHOTS}/product-es-1280.png` });
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await toastText(page, 'La tarea se guardó.').waitFor();

    // Then the server holds the code, not the label.
    const saved = await storedTask(e2e.server, task.id);
    expect((saved.variables as Record<string, unknown>).loanProduct).toBe('business');

    // And the page opens again with the Spanish label of the stored code.
    await openTaskPage(page, e2e.server.url, task.id);
    await fieldControl(page, 'loanProduct').waitFor();
    await expect(
      fieldControl(page, 'loanProduct').evaluate(
        (select: HTMLSelectElement) => select.selectedOptions[0]?.text,
      ),
    ).resolves.toBe('Préstamo para empresas');
    await page.setViewportSize({ width: 375, height: 800 });
    await fieldCell(page, 'loanProduct').scrollIntoViewIfNeeded();
    await fieldCell(page, 'loanProduct').screenshot({ path: `${SHOTS}/product-es-375.png` });
    await context.close();
  });

  it('given a Spanish-speaking analyst, when opening a loan record, then its stored product code shows as the Spanish label', async () => {
    await seedDemoRecords(e2e.server.database.db);
    const loan = await e2e.server.database.db
      .selectFrom('object_records')
      .select('id')
      .where('tenant', '=', 'internal')
      .where('key', '=', 'loans')
      .where(sql<string>`data->>'loanProduct'`, '=', 'car')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { context, page } = await openPage(e2e.browser, { locale: 'es-ES' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);

    await page.goto(`${e2e.server.url}/objectdata/loans/1/${loan.id}`);
    const product = fieldControl(page, 'loanProduct');
    await product.waitFor();

    // Read-only, the choice shows as its caption in a read-only text box.
    await expect(product.inputValue()).resolves.toBe('Préstamo de coche');
    await expect(product.getAttribute('readonly')).resolves.not.toBeNull();
    await fieldCell(page, 'loanProduct').screenshot({ path: `${SHOTS}/record-product-es.png` });
    await context.close();
  });
});
