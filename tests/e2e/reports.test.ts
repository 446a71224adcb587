import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoFormsStored, seedCompletedCases } from '../../server/seed/demoCompletedCases';
import { SeededRandom } from '../../server/seed/demoWorkloadPlan';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const e2e = setUpServerAndBrowser();

const ANALYST = 'claire.dubois@tessera.example';
const OFFICER = 'lucas.martin@tessera.example';

/** The loan application table's headings, in the order the spec lists its columns. */
const LOAN_APPLICATION_HEADINGS: Record<string, string[]> = {
  en: [
    'No.',
    'Product',
    'Loan officer',
    'Supervisor',
    'Customer',
    'Amount',
    'Currency',
    'Duration',
    'Status',
  ],
  es: [
    'N.º',
    'Producto',
    'Gestor de préstamos',
    'Supervisor/a',
    'Cliente',
    'Importe',
    'Moneda',
    'Duración',
    'Estado',
  ],
  fr: [
    'N°',
    'Produit',
    'Chargé de prêts',
    'Superviseur',
    'Client',
    'Montant',
    'Devise',
    'Durée',
    'Statut',
  ],
};

const LOCALES: Record<string, string> = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR' };

/** A strict RFC 4180 reader of the downloaded file, its byte order mark removed. */
function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

async function textOf(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** How far the page is wider than the screen (0 or less when it fits). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The values of the read-only inputs of the page's task blocks. */
function blockValues(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="report-task"] input, [data-testid="report-task"] textarea')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

beforeAll(async () => {
  const { db } = e2e.server.database;
  if (!(await demoFormsStored(db))) throw new Error('The completed cases need the demo forms.');
  await seedCompletedCases(db, new SeededRandom(20_260_302), new Date());
}, 300_000);

describe('completed-instance reports', () => {
  it('given an analyst, when she opens the loan application report and one application, then she sees its columns and values and exports a CSV the test can read', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, ANALYST);
      await page.goto(`${e2e.server.url}/report/loanApplication`);
      const table = page.getByTestId('report-table');
      await table.waitFor();
      expect(await table.locator('thead th').allTextContents()).toEqual(
        LOAN_APPLICATION_HEADINGS.en,
      );
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(5);
      const first = rows.first();
      const cells = await first.locator('th, td').allTextContents();
      expect(cells[1]).toMatch(/^(Mortgage|Personal loan|Car loan)$/);
      expect(cells[4]).not.toBe('');
      expect(cells[6]).toBe('EUR');
      expect(cells[7]).toMatch(/^\d+ months$/);
      expect(cells[8]).toMatch(/^(Approved|Declined)$/);
      const customer = cells[4] ?? '';

      // The row opens the application's report, its heading first.
      await first.locator('td').nth(3).click();
      await page.getByTestId('report-detail').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      const facts = page.getByTestId('report-facts');
      expect(await facts.locator('[data-fact="customer"] dd').textContent()).toBe(customer);
      expect(await facts.locator('[data-fact="started"] dd').textContent()).toMatch(
        /^\d{2}\/[A-Z][a-z]{2}\/\d{4} \d{2}:\d{2}$/,
      );
      const blocks = page.getByTestId('report-task');
      expect(await blocks.count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => blockValues(page)).toContain(customer.split(' ')[0]);
      // Read-only: nothing in a block can be typed into, and the application's outcome
      // buttons, drawn where its designer placed them, are left out.
      expect(
        await blocks.locator('input:not([readonly]):not([disabled]):not([type="hidden"])').count(),
      ).toBe(0);
      expect(await blocks.getByRole('button', { name: 'Submit application' }).count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('report-export-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^loanApplication_report_\d{8}T\d{6}Z\.csv$/);
      const csv = parseCsv(await textOf(download));
      expect(csv[0]).toEqual(['Section', 'Field', 'Value']);
      const title = await page.getByTestId('report-title').textContent();
      expect(csv[1]).toEqual(['Loan application report', 'Name', title]);
      expect(csv.slice(2, 5).map((row) => row[1])).toEqual([
        'Started by',
        'Start date (UTC)',
        'End date (UTC)',
      ]);
      const customerNumber = csv.find((row) => row[1] === 'Customer number')?.[2] ?? '';
      expect(customerNumber).toMatch(/^CUS-\d{6}$/);
      expect(await blockValues(page)).toContain(customerNumber);
      expect(csv.find((row) => row[1] === 'Last name')?.[2]).toBe(
        customer.split(' ').slice(1).join(' '),
      );

      await page.getByTestId('report-back').click();
      await page.getByTestId('report-table').waitFor();
      expect(new URL(page.url()).pathname).toBe('/report/loanApplication');
    } finally {
      await context.close();
    }
  }, 120_000);

  // One sign-in a language, the phone width by resizing the same page: each sign-in costs
  // seconds on a busy machine.
  it.each(['en', 'es', 'fr'])(
    'given the reports in %s on a desktop and a phone, then they are translated, have no serious accessibility finding, and are kept as screenshots',
    async (language) => {
      const folder = screenshotsFolder('reports');
      const findings: AccessibilityFinding[] = [];
      const { context, page } = await openPage(e2e.browser, { locale: LOCALES[language] });
      try {
        await signIn(page, e2e.server.url, ANALYST);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
          await page.goto(`${e2e.server.url}/report/loanApplication`);
          const list = page.getByTestId(width === 375 ? 'report-cards' : 'report-table');
          await list.waitFor();
          if (width === 1280) {
            expect(await list.locator('thead th').allTextContents()).toEqual(
              LOAN_APPLICATION_HEADINGS[language],
            );
          }
          findings.push(...(await auditScreen(page, `${language} ${width} px: list`)));
          await page.screenshot({ path: join(folder, `report-list-${language}-${width}.png`) });
          await list.locator('a').first().click();
          await page.getByTestId('report-task').first().waitFor();
          await expect.poll(() => blockValues(page)).not.toEqual([]);
          findings.push(...(await auditScreen(page, `${language} ${width} px: detail`)));
          await page.screenshot({ path: join(folder, `report-detail-${language}-${width}.png`) });
          // The whole report: chunks off screen are drawn only when scrolled to, so the
          // full-page picture shows them all drawn.
          await page.evaluate(() => {
            for (const chunk of document.querySelectorAll<HTMLElement>('.tf-chunk')) {
              chunk.style.contentVisibility = 'visible';
            }
          });
          await page.screenshot({
            path: join(folder, `report-detail-${language}-${width}-full.png`),
            fullPage: true,
          });
          // The completed loans: the instances' own name, starter and dates.
          await page.goto(`${e2e.server.url}/report/loan`);
          const loans = page.getByTestId(width === 375 ? 'report-cards' : 'report-table');
          await loans.waitFor();
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          findings.push(...(await auditScreen(page, `${language} ${width} px: loans`)));
          await page.screenshot({ path: join(folder, `report-loans-${language}-${width}.png`) });
        }
      } finally {
        await context.close();
      }
      expect(findings, formatFindings(findings)).toEqual([]);
    },
    360_000,
  );

  it('given the loan and customer reports, when opened, then their completed instances show with name, starter and dates', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, ANALYST);
      for (const type of ['loan', 'customer']) {
        await page.goto(`${e2e.server.url}/report/${type}`);
        const table = page.getByTestId('report-table');
        await table.waitFor();
        expect(await table.locator('thead th').allTextContents()).toEqual([
          'Name',
          'Case number',
          'Started by',
          'Start date',
          'End date',
        ]);
        expect(await table.locator('tbody tr').count()).toBe(3);
        const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
        expect(cells[0]).toMatch(/^(LN|ONB)-\d{4}-\d{6}$/);
        expect(cells[2]).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}$/);
      }
    } finally {
      await context.close();
    }
  }, 120_000);

  it('given a tenant without completed instances, when its back office opens a report, then it says there is no data', async () => {
    // acme's officer reads reports here; acme has no completed case.
    await e2e.server.database.db
      .updateTable('users')
      .set({ privileges: ['access-task', 'access-bo'] })
      .where('id', '=', 'acme-asouza')
      .execute();
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.urlFor('acme'), 'ana.souza@acme.example', { until: 'shell' });
      await page.goto(`${e2e.server.urlFor('acme')}/report/customer`);
      const empty = page.getByTestId('report-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toContain('No data available');
      await page.screenshot({
        path: join(screenshotsFolder('reports'), 'report-empty-en-1280.png'),
      });
      expect(await page.getByTestId('report-table').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('given an officer without access-bo, when he opens a report address, then he is sent to the dashboard', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await page.goto(`${e2e.server.url}/report/loan`);
      await page.getByTestId('tab-count-assigned').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByTestId('report-list').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
