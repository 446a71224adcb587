import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { DEMO_OBJECT_DEFINITIONS, seedDemoRecords } from '../../server/seed/demoRecords';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldControl } from '../helpers/taskPage';

/** The back-office analyst (access-bo). */
const ANALYST = 'claire.dubois@tessera.example';
/** A loan officer without access-bo. */
const OFFICER = 'lucas.martin@tessera.example';
const SHOTS = screenshotsFolder('records');

const customers = DEMO_OBJECT_DEFINITIONS.find((definition) => definition.key === 'customers');
if (!customers) throw new Error('The demo has no customers object.');
/** The English label of a customers field. */
const labelOf = (key: string): string => {
  const label = customers.fields.find((field) => field.key === key)?.label;
  return typeof label === 'string' ? label : (label?.en ?? key);
};

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await seedDemoRecords(e2e.server.database.db);
}, 300_000);

/** The texts of one column (by its header) of the rows on screen. */
function columnTexts(page: Page, header: string): Promise<string[]> {
  return page.evaluate((name) => {
    const headers = [...document.querySelectorAll('.tessera-records__table thead th')];
    const index = headers.findIndex((th) => th.textContent?.trim() === name);
    if (index < 0) return [];
    return [...document.querySelectorAll('.tessera-records__table tbody tr')].map(
      (row) => row.children[index]?.textContent ?? '',
    );
  }, header);
}

/** The record ids of the rows on screen, in order. */
function rowIds(page: Page): Promise<string[]> {
  return page
    .locator('.tessera-records__table tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-record-id') ?? ''));
}

/**
 * Waits until the list has settled (not busy) and every value of a column passes `test`
 * (a regular expression's source, flags `iu`), with at least one row.
 */
async function waitForColumn(page: Page, header: string, test: string): Promise<string[]> {
  await page.waitForFunction(
    ({ name, source }) => {
      const wrap = document.querySelector('.tessera-records__table-wrap');
      if (!wrap || wrap.getAttribute('aria-busy') !== 'false') return false;
      const headers = [...document.querySelectorAll('.tessera-records__table thead th')];
      const index = headers.findIndex((th) => th.textContent?.trim() === name);
      const rows = [...document.querySelectorAll('.tessera-records__table tbody tr')];
      const pattern = new RegExp(source, 'iu');
      return (
        index >= 0 &&
        rows.length > 0 &&
        rows.every((row) => pattern.test(row.children[index]?.textContent ?? ''))
      );
    },
    { name: header, source: test },
  );
  return columnTexts(page, header);
}

/** The filter input of a column. */
const filterInput = (page: Page, key: string) => page.locator(`#records-filter-${key}`);

describe('business-object records in the browser', () => {
  it('given the analyst, when filtering customers exactly, partially and by a date, sorting, paging, opening a record and coming back, then the list is as it was left, and its download holds the same rows', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);

    // Given the drawer's Reports group, when the analyst picks Customers.
    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL('**/objectdata/customers/1');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.locator('.tessera-records__table tbody tr').first().waitFor();

    // When filtering exactly on the nationality, a choice of its dictionary: Enter searches
    // on a select as in every other filter (spec 001 section 5).
    await page.getByRole('button', { name: 'Filters' }).click();
    await filterInput(page, 'nationality').selectOption('PT');
    await filterInput(page, 'nationality').press('Enter');
    // Then every row is Portuguese, named by the dictionary's label.
    const nationalities = await waitForColumn(page, labelOf('nationality'), '^Portugal$');
    expect(nationalities.length).toBe(10);

    // When the search is partial and names part of a surname.
    await filterInput(page, 'nationality').selectOption('');
    await page.getByRole('radio', { name: 'Partial' }).click();
    await filterInput(page, 'fullName').fill('mart');
    await filterInput(page, 'fullName').press('Enter');
    // Then every name contains it, whatever its case.
    await waitForColumn(page, labelOf('fullName'), 'mart');

    // When a date is typed day first, it is read as that day and shown normalised.
    await filterInput(page, 'fullName').fill('');
    await filterInput(page, 'dateOfBirth').fill('1975');
    await filterInput(page, 'dateOfBirth').press('Enter');
    await waitForColumn(page, labelOf('dateOfBirth'), '^1975-');
    // The count's digits, whatever groups its thousands.
    const total = Number(
      ((await page.locator('.tessera-records__count').textContent()) ?? '').replace(/\D/g, ''),
    );
    expect(total).toBeGreaterThan(20);

    // When sorting by name (descending first, then ascending) and going to page 2.
    const nameHeader = page.getByRole('button', { name: labelOf('fullName'), exact: true });
    await nameHeader.click();
    await page.locator('th[aria-sort="descending"]').waitFor();
    await nameHeader.click();
    await page.locator('th[aria-sort="ascending"]').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('records-page').filter({ hasText: 'Page 2 of' }).waitFor();
    await waitForColumn(page, labelOf('dateOfBirth'), '^1975-');
    const names = await columnTexts(page, labelOf('fullName'));
    const pageTwo = await rowIds(page);
    expect(pageTwo).toHaveLength(10);

    // When the first row of the page is opened.
    const [openedId] = pageTwo;
    const openedName = names[0] ?? '';
    await page.locator('.tessera-records__open').first().click();
    await page.waitForURL(`**/objectdata/customers/1/${openedId}`);
    // Then its form shows its data, read-only, with its data version.
    await fieldControl(page, 'fullName').waitFor();
    await expect(fieldControl(page, 'fullName').inputValue()).resolves.toBe(openedName);
    await expect(fieldControl(page, 'fullName').isEditable()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Data version 1' }).isDisabled()).resolves.toBe(
      true,
    );

    // When going back to the list, then the same filtered, sorted page is there.
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.waitForURL('**/objectdata/customers/1');
    await page.getByTestId('records-page').filter({ hasText: 'Page 2 of' }).waitFor();
    await waitForColumn(page, labelOf('dateOfBirth'), '^1975-');
    expect(await rowIds(page)).toEqual(pageTwo);
    await expect(filterInput(page, 'dateOfBirth').inputValue()).resolves.toBe('1975');
    await expect(page.getByRole('radio', { name: 'Partial' }).isChecked()).resolves.toBe(true);
    await page.locator('th[aria-sort="ascending"]').waitFor();

    // When the list is downloaded, then the file is named after the object and holds the
    // filtered list in the list's order, under the columns' labels.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Customers.xlsx');
    const path = await download.path();
    const book = XLSX.read(await readFile(path), { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('The download has no sheet.');
    // As a spreadsheet shows the cells: the dates are date cells shown as YYYY-MM-DD.
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
    expect(rows[0]).toEqual(customers.fields.map((field) => labelOf(field.key)));
    expect(rows).toHaveLength(total + 1);
    expect(rows.slice(11, 21).map((row) => row[0])).toEqual(pageTwo);
    const born = customers.fields.findIndex((field) => field.key === 'dateOfBirth');
    expect(rows.slice(1).every((row) => String(row[born]).startsWith('1975-'))).toBe(true);
    await context.close();
  });

  it('given a task without a form whose process metadata names the loans object, when the analyst opens it, then the loans records show instead', async () => {
    const { engine } = e2e.server.app;
    await engine.deploy(
      'internal',
      `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="loanBookReviewDefinitions" targetNamespace="records">
  <process id="loanBookReview" name="Loan book review" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toReview" sourceRef="start" targetRef="review" />
    <userTask id="review" name="Review the loan book" camunda:assignee="cdubois" />
    <sequenceFlow id="toEnd" sourceRef="review" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`,
    );
    const instance = await engine.startProcess('internal', {
      key: 'loanBookReview',
      startedBy: 'mgarcia',
      variables: { metaData: { objectDefinitionKey: 'loans', objectDefinitionVersion: 1 } },
    });
    const [task] = await engine.listInstanceTasks('internal', instance.id, { completed: false });
    if (!task) throw new Error('The review process did not stop at its task.');

    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, ANALYST);
    await page.goto(`${e2e.server.url}/process/task/${task.id}`);
    await page.waitForURL('**/objectdata/loans/1');
    await page.getByRole('heading', { level: 1, name: 'Loans' }).waitFor();
    await page.locator('.tessera-records__table tbody tr').first().waitFor();
    await context.close();
  });

  it('given an officer without access-bo, when opening a records address, then the dashboard shows and the API answers 403', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    page.setDefaultTimeout(60_000);
    await signIn(page, e2e.server.url, OFFICER);
    await expect(page.getByRole('button', { name: 'Reports' }).count()).resolves.toBe(0);
    await page.goto(`${e2e.server.url}/objectdata/customers/1`);
    await page.locator('[data-testid="tab-count-assigned"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const status = await page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      return response.status;
    }, RecordsPath.definitions);
    expect(status).toBe(403);
    await context.close();
  });

  it.each(['en', 'es', 'fr'] as const)(
    'given %s, when the list with its filters and a record are shown at desktop and phone widths, then axe finds nothing serious',
    async (locale) => {
      const findings: AccessibilityFinding[] = [];
      const { context, page } = await openPage(e2e.browser, { locale });
      page.setDefaultTimeout(60_000);
      await signIn(page, e2e.server.url, ANALYST);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
        await page.goto(`${e2e.server.url}/objectdata/customers/1`);
        await page.locator('.tessera-records__table tbody tr').first().waitFor();
        await page.locator('.tessera-records__toolbar button').first().click();
        await page.locator('.tessera-records__filters').waitFor();
        await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
        await page.screenshot({ path: `${SHOTS}/list-${locale}-${width}.png`, fullPage: true });
        findings.push(...(await auditScreen(page, `${locale} ${width} px: records list`)));

        await page.goto(`${e2e.server.url}/objectdata/customers/1/CUS-00007`);
        await fieldControl(page, 'fullName').waitFor();
        await page.screenshot({ path: `${SHOTS}/record-${locale}-${width}.png`, fullPage: true });
        findings.push(...(await auditScreen(page, `${locale} ${width} px: record`)));
      }
      await context.close();
      expect(findings, formatFindings(findings)).toEqual([]);
    },
    300_000,
  );
});
