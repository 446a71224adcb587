import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { Task } from '../../server/engine/processEngineTypes';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { SELF_ORIGIN } from '../../server/webhooks/targetUrl';
import { DEMO_WEBHOOK_PATH } from '../../server/webhooks/demoWebhookOutcomes';
import { join } from 'node:path';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, fieldControl, openTaskPage } from '../helpers/taskPage';
import { minimalPdf } from '../helpers/testFiles';
import { deflatedEntry, writeZip, zeroEntry } from '../integration/zipWriter';
import { unzipSync } from 'fflate';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the fake device stands: a branch in Barcelona, with more decimals than are kept. */
const HERE = { latitude: 41.3887912, longitude: 2.1589934 };

const e2e = setUpServerAndBrowser();
let onboarding: Task;
let application: Task;

/** A context of its own, with the device's location granted or not. */
async function openContext(
  browser: Browser,
  allowLocation: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    geolocation: HERE,
    permissions: allowLocation ? ['geolocation'] : [],
  });
  // The maps service is outside: the new tab gets a stand-in page instead of the internet.
  await context.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }),
  );
  return { context, page: await context.newPage() };
}

/** Screenshots of a field at desktop and phone width, for a person to look at. */
async function shoot(page: Page, fieldId: string, name: string): Promise<void> {
  const folder = screenshotsFolder('media-fields');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const cell = fieldCell(page, fieldId);
    await cell.scrollIntoViewIfNeeded();
    await cell.screenshot({ path: join(folder, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A small spreadsheet of three rows, header included. */
function spreadsheet(): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Month', 'Income'],
    ['January', 5200],
    ['February', 5350],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Payslips');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * A zip bomb named .xlsx: a real workbook's entries beside one that unpacks to 700 MiB, a few
 * hundred KiB in all.
 */
function zipBomb(): Buffer {
  const entries = Object.entries(unzipSync(spreadsheet())).map(([name, data]) =>
    deflatedEntry(name, data),
  );
  return writeZip([...entries, zeroEntry('xl/media/image1.bin', 700)]);
}

/** How many files the task has in the store. */
async function filesOf(taskId: string): Promise<number> {
  const rows = await e2e.server.database.db
    .selectFrom('files')
    .select('id')
    .where('task_id', '=', taskId)
    .execute();
  return rows.length;
}

/** Points the tenant's credit-check target at one of the demo bureau's outcomes. */
async function creditCheckAnswers(outcome: string): Promise<void> {
  await e2e.server.database.db
    .updateTable('webhook_targets')
    .set({ url: `${SELF_ORIGIN}${DEMO_WEBHOOK_PATH.replace(':outcome', outcome)}` })
    .where('tenant', '=', 'internal')
    .where('name', '=', 'credit-check')
    .execute();
}

/**
 * A customer onboarding's "Capture KYC data" (GPS and uploadExcel fields) and a loan
 * application (the credit bureau's webhook button), both claimed by the officer.
 */
beforeAll(async () => {
  const { engine } = e2e.server.app;
  const customer = await engine.startProcess('internal', {
    key: 'customerOnboarding',
    startedBy: OFFICER_ID,
    variables: { customerName: 'Grace Hopper' },
  });
  onboarding = await engine.claimTask(
    'internal',
    (await openTaskOf(e2e.server, customer.id)).id,
    OFFICER_ID,
  );
  const loan = await engine.startProcess('internal', {
    key: 'loanApplication',
    startedBy: OFFICER_ID,
    variables: { applicantName: 'Ada Lovelace' },
  });
  application = await engine.claimTask(
    'internal',
    (await openTaskOf(e2e.server, loan.id)).id,
    OFFICER_ID,
  );
});

describe('media fields', () => {
  it('given the location is allowed, when the officer gets it, opens the map and clears it, then it shows 5 decimals, opens a new tab without an opener, and is cleared after a confirmation', async () => {
    const { context, page } = await openContext(e2e.browser, true);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, onboarding.id);
      const cell = fieldCell(page, 'branchLocation');
      await cell.scrollIntoViewIfNeeded();

      await fieldControl(page, 'branchLocation').click();
      await cell.getByText('The location was captured.').waitFor();
      await expect(cell.locator('.tf-gps__coordinates').textContent()).resolves.toBe(
        '41.38879, 2.15899',
      );
      await shoot(page, 'branchLocation', 'gps');

      const link = cell.getByTestId('gps-map-link');
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toContain('mlat=41.38879&mlon=2.15899');
      await expect(tab.evaluate(() => window.opener)).resolves.toBeNull();
      await tab.close();

      await cell.getByRole('button', { name: 'Clear' }).click();
      const dialog = page.getByRole('dialog', { name: 'Clear the location?' });
      await dialog.getByRole('button', { name: 'Clear location' }).click();
      await cell.getByText('The location was cleared.').waitFor();
      await cell.getByText('No location captured yet.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('given the location is denied, when the officer asks for it, then the field says it is not available', async () => {
    const { context, page } = await openContext(e2e.browser, false);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, onboarding.id);
      await fieldControl(page, 'branchLocation').click();
      await fieldCell(page, 'branchLocation')
        .getByRole('alert')
        .filter({ hasText: 'The location is not available.' })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('given a small xlsx and then a PDF, when uploaded to the proof of address, then the rows show under the field and the PDF replaces them', async () => {
    const { context, page } = await openContext(e2e.browser, false);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, onboarding.id);
      const cell = fieldCell(page, 'proofOfAddress');
      await cell.scrollIntoViewIfNeeded();

      await cell.getByTestId('file-input').setInputFiles({
        name: 'payslips.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: spreadsheet(),
      });
      const rows = cell.getByTestId('file-rows');
      await rows.waitFor();
      await expect(rows.locator('tr').allTextContents()).resolves.toEqual([
        'MonthIncome',
        'January5200',
        'February5350',
      ]);
      await cell.getByText('First 3 of 3 rows.').waitFor();
      await shoot(page, 'proofOfAddress', 'upload-rows');
      await expect(cell.getByTestId('file-name').textContent()).resolves.toBe('payslips.xlsx');

      await cell.getByTestId('file-input').setInputFiles({
        name: 'utility-bill.pdf',
        mimeType: 'application/pdf',
        buffer: minimalPdf(),
      });
      await expect.poll(() => cell.getByTestId('file-name').textContent()).toBe('utility-bill.pdf');
      await expect(cell.getByTestId('file-rows').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('given a zip bomb named .xlsx, a page of HTML named .pdf and an SVG, when each is chosen for the proof of address, then each is refused under the field with its message, nothing is stored and the page keeps working', async () => {
    const { context, page } = await openContext(e2e.browser, false);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, onboarding.id);
      const cell = fieldCell(page, 'proofOfAddress');
      await cell.scrollIntoViewIfNeeded();
      const before = await filesOf(onboarding.id);
      const message = cell.getByRole('alert');
      const input = cell.getByTestId('file-input');

      await input.setInputFiles({
        name: 'statement.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: zipBomb(),
      });
      await expect
        .poll(() => message.textContent())
        .toBe(
          'This spreadsheet holds too much to be read. Upload a smaller one, or the document as a PDF.',
        );

      await input.setInputFiles({
        name: 'bill.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
      });
      await expect
        .poll(() => message.textContent())
        .toBe('This type of file is not accepted. Choose a PDF, XLSX file.');

      // The field takes the next file as if nothing had happened: a refused one clears first.
      await input.setInputFiles({
        name: 'payslips.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: spreadsheet(),
      });
      await cell.getByText('First 3 of 3 rows.').waitFor();
      await expect.poll(() => message.count()).toBe(0);
      const stored = await filesOf(onboarding.id);
      expect(stored).toBeLessThanOrEqual(before + 1);

      await input.setInputFiles({
        name: 'logo.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      });
      await expect
        .poll(() => message.textContent())
        .toBe('This type of file is not accepted. Choose a PDF, XLSX file.');
      expect(await filesOf(onboarding.id)).toBe(stored);
      await expect(cell.getByTestId('file-name').textContent()).resolves.toBe('payslips.xlsx');
    } finally {
      await context.close();
    }
  });

  it('given the demo credit bureau, when the officer presses the credit check as it approves, fails and breaks a script, then each result message shows', async () => {
    const { context, page } = await openContext(e2e.browser, false);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, application.id);
      const button = page.getByRole('button', { name: 'Run the credit bureau check' });
      await button.scrollIntoViewIfNeeded();
      const result = page.getByTestId('webhook-result');

      await creditCheckAnswers('approved');
      await button.click();
      await expect.poll(() => result.textContent()).toBe('The check was completed successfully.');

      await creditCheckAnswers('unavailable');
      await button.click();
      await expect
        .poll(() => result.textContent())
        .toBe('The service answered with an error (HTTP\u00a0503).');

      await creditCheckAnswers('prescript-error');
      await button.click();
      await expect
        .poll(() => result.textContent())
        .toBe("The check's prescript failed with code CUSTOMER_ID_MISSING.");
      await shoot(page, 'creditBureauCheck', 'webhook');

      // A name the tenant has no target for: the server calls nothing and the button says why.
      await e2e.server.database.db
        .updateTable('webhook_targets')
        .set({ name: 'credit-check-retired' })
        .where('tenant', '=', 'internal')
        .where('name', '=', 'credit-check')
        .execute();
      try {
        await button.click();
        await expect
          .poll(() => result.textContent())
          .toBe('This action is not set up for your organisation.');
        await expect(result.getAttribute('data-outcome')).resolves.toBe('failed');
      } finally {
        await e2e.server.database.db
          .updateTable('webhook_targets')
          .set({ name: 'credit-check' })
          .where('tenant', '=', 'internal')
          .where('name', '=', 'credit-check-retired')
          .execute();
      }
    } finally {
      await context.close();
    }
  });
});
