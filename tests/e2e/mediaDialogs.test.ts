import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { DEMO_WEBHOOK_PATH } from '../../server/webhooks/demoWebhookOutcomes';
import { SELF_ORIGIN } from '../../server/webhooks/targetUrl';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, fieldControl, openTaskPage } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** Where the fake device stands. */
const HERE = { latitude: 41.3887912, longitude: 2.1589934 };
/** The widths every screen is looked at: a desktop and a small phone. */
const WIDTHS = [1280, 375] as const;
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder('media-dialogs');

const e2e = setUpServerAndBrowser();

/** A text of a plugin's own locale file, by dotted key, with `{{name}}` params filled in. */
async function pluginText(
  language: string,
  plugin: string,
  key: string,
  params: Record<string, string> = {},
): Promise<string> {
  const tree: unknown = JSON.parse(
    await readFile(`plugins/${plugin}/locales/${language}.json`, 'utf8'),
  );
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`No ${language} ${plugin} ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/**
 * A payslip summary of five rows, header included: a long cell that must wrap and more
 * columns than a phone shows, so the table scrolls sideways there.
 */
function spreadsheet(): Buffer {
  const employer = 'Analytical Engines Manufacturing Ltd, London branch';
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Month', 'Employer', 'Gross income', 'Income tax', 'Pension', 'Net income', 'Currency'],
    ['January', employer, 5200, -832, -260, 3980, 'GBP'],
    ['February', employer, 5350, -864, -267.5, 4075, 'GBP'],
    ['March', employer, 5350, -864, -267.5, 4075, 'GBP'],
    ['April', employer, 5600, -920, -280, 4230, 'GBP'],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Payslips');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
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

/** An open task of a new instance of `process`, claimed by the officer. */
async function claimedTask(process: string, variables: Record<string, string>): Promise<string> {
  const { engine } = e2e.server.app;
  const instance = await engine.startProcess('internal', {
    key: process,
    startedBy: OFFICER_ID,
    variables,
  });
  const task = await openTaskOf(e2e.server, instance.id);
  await engine.claimTask('internal', task.id, OFFICER_ID);
  return task.id;
}

/** Draws a short stroke across the signature pad, as a signer would. */
async function drawOnPad(page: Page): Promise<void> {
  const box = await page.getByTestId('signature-pad').boundingBox();
  if (!box) throw new Error('The signature pad is not shown.');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(
      box.x + box.width * (0.2 + step * 0.05),
      box.y + box.height * (0.6 - Math.sin(step / 2) * 0.2),
    );
  }
  await page.mouse.up();
}

/** Blueprint's portal, where every open dialog is drawn. */
const DIALOGS = '.bp6-portal';

/**
 * One language's walk through the media fields' screens: each is photographed at both
 * widths (an open dialog with the page behind it, a field's cell on its own) and checked by
 * axe, limited to the dialogs or the field, its findings collected.
 */
class Walk {
  readonly findings: AccessibilityFinding[] = [];

  constructor(
    private readonly page: Page,
    private readonly language: string,
  ) {}

  /** Photographs and audits `name`: the field `fieldId`'s cell, or the open dialogs if none. */
  async screen(name: string, fieldId?: string): Promise<void> {
    for (const width of WIDTHS) {
      await this.page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
      // Two frames, so the page is laid out and painted at the new size before the picture.
      await this.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const path = join(SHOTS, `${name}-${this.language}-${width}.png`);
      if (fieldId) {
        const cell = fieldCell(this.page, fieldId);
        await cell.scrollIntoViewIfNeeded();
        await cell.screenshot({ path });
      } else {
        await this.page.screenshot({ path });
      }
    }
    // Audited once, at the phone's width, where wrapping and sideways scrolling happen.
    const include = fieldId ? `.tf-cell:has([id$="_${fieldId}"])` : DIALOGS;
    this.findings.push(...(await auditScreen(this.page, `${this.language}: ${name}`, include)));
    await this.page.setViewportSize({ width: 1280, height: 900 });
  }
}

/** A context in `locale` whose device position is granted until the test takes it back. */
async function openContext(locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale,
    geolocation: HERE,
    permissions: ['geolocation'],
  });
  return { context, page: await context.newPage() };
}

let kycTasks: Record<string, string> = {};
let applicationTasks: Record<string, string> = {};

beforeAll(async () => {
  for (const language of ['en', 'es', 'fr']) {
    kycTasks = {
      ...kycTasks,
      [language]: await claimedTask('customerOnboarding', { customerName: 'Grace Hopper' }),
    };
    applicationTasks = {
      ...applicationTasks,
      [language]: await claimedTask('loanApplication', { applicantName: 'Ada Lovelace' }),
    };
  }
});

describe.each([
  ['en', 'en-GB'],
  ['es', 'es-ES'],
  ['fr', 'fr-FR'],
])('media fields in %s', (language, locale) => {
  it('given the KYC task, when the officer opens the signature pad and its confirmations, uses the location and uploads a spreadsheet, then every screen is in the language and axe finds nothing serious', async () => {
    const { context, page } = await openContext(locale);
    const walk = new Walk(page, language);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, kycTasks[language] ?? '');

      // The signature dialog, drawn on.
      const signatureCell = fieldCell(page, 'customerSignature');
      await signatureCell.scrollIntoViewIfNeeded();
      await signatureCell.getByTestId('signature-open').click();
      const pad = page.getByRole('dialog').filter({ has: page.getByTestId('signature-pad') });
      await page.locator('[data-testid="signature-pad"][data-ready]').waitFor();
      expect(
        await pad.getByText(await pluginText(language, 'signature', 'signature.hint')).count(),
      ).toBe(1);
      await drawOnPad(page);
      await walk.screen('signature-dialog');
      // At a phone's width the pad was fitted again, the drawing kept.
      await page.setViewportSize({ width: 375, height: 800 });
      await expect
        .poll(() =>
          page
            .getByTestId('signature-pad')
            .evaluate(
              (element: HTMLCanvasElement) =>
                element.width === Math.round(element.offsetWidth * window.devicePixelRatio),
            ),
        )
        .toBe(true);
      expect(await page.getByTestId('signature-accept').isEnabled()).toBe(true);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Erase asks first; keeping the drawing leaves it there.
      await pad
        .getByRole('button', {
          name: await pluginText(language, 'signature', 'signature.erase'),
          exact: true,
        })
        .click();
      const erase = page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .filter({
          hasText: await pluginText(language, 'signature', 'signature.eraseTitle'),
        });
      await erase.waitFor();
      await walk.screen('signature-erase');
      await erase
        .getByRole('button', {
          name: await pluginText(language, 'signature', 'signature.keepDrawing'),
        })
        .click();
      await erase.waitFor({ state: 'detached' });

      // Exit asks first too, since something is drawn; leaving closes the pad.
      await pad
        .getByRole('button', {
          name: await pluginText(language, 'signature', 'signature.exit'),
          exact: true,
        })
        .click();
      const exit = page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .filter({
          hasText: await pluginText(language, 'signature', 'signature.exitTitle'),
        });
      await exit.waitFor();
      await walk.screen('signature-exit');
      await exit
        .getByRole('button', {
          name: await pluginText(language, 'signature', 'signature.exitConfirm'),
          exact: true,
        })
        .click();
      await page.getByTestId('signature-pad').waitFor({ state: 'detached' });

      // The location, captured; its clear confirmation; then denied.
      const gps = fieldCell(page, 'branchLocation');
      await gps.scrollIntoViewIfNeeded();
      await fieldControl(page, 'branchLocation').click();
      await gps.getByText(await pluginText(language, 'gps', 'gps.successContent')).waitFor();
      await walk.screen('gps-position', 'branchLocation');
      await gps
        .getByRole('button', { name: await pluginText(language, 'gps', 'gps.clear'), exact: true })
        .click();
      const clear = page
        .getByRole('alertdialog')
        .or(page.getByRole('dialog'))
        .filter({
          hasText: await pluginText(language, 'gps', 'gps.clearTitle'),
        });
      await clear.waitFor();
      await walk.screen('gps-clear');
      await clear
        .getByRole('button', { name: await pluginText(language, 'gps', 'gps.keep') })
        .click();
      await clear.waitFor({ state: 'detached' });
      await context.clearPermissions();
      await fieldControl(page, 'branchLocation').click();
      await gps
        .getByRole('alert')
        .filter({ hasText: await pluginText(language, 'gps', 'gps.errorContent') })
        .waitFor();
      await walk.screen('gps-denied', 'branchLocation');

      // A spreadsheet's rows under the proof of address.
      const proof = fieldCell(page, 'proofOfAddress');
      await proof.scrollIntoViewIfNeeded();
      await proof.getByTestId('file-input').setInputFiles({
        name: 'payslips-january-to-april.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: spreadsheet(),
      });
      await proof.getByTestId('file-rows').waitFor();
      await proof
        .getByText(
          await pluginText(language, 'uploadExcel', 'excelUpload.rowsCaption', {
            shown: '5',
            count: '5',
          }),
        )
        .waitFor();
      await walk.screen('upload-rows', 'proofOfAddress');

      expect(formatFindings(walk.findings)).toBe(formatFindings([]));
    } finally {
      await context.close();
    }
  }, 300_000);

  it('given the loan application, when the credit bureau approves, fails and breaks a script, then each result is in the language and axe finds nothing serious', async () => {
    const { context, page } = await openContext(locale);
    const walk = new Walk(page, language);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, applicationTasks[language] ?? '');
      const cell = fieldCell(page, 'creditBureauCheck');
      const button = fieldControl(page, 'creditBureauCheck');
      await button.scrollIntoViewIfNeeded();
      const result = cell.getByTestId('webhook-result');
      const script = await pluginText(language, 'webhook-button', 'webhookButton.script.prescript');
      const outcomes = [
        [
          'approved',
          'webhook-success',
          await pluginText(language, 'webhook-button', 'webhookButton.httpSuccess'),
        ],
        [
          'unavailable',
          'webhook-http-error',
          await pluginText(language, 'webhook-button', 'webhookButton.httpError', { code: '503' }),
        ],
        [
          'prescript-error',
          'webhook-script-error',
          await pluginText(language, 'webhook-button', 'webhookButton.scriptError', {
            code: 'CUSTOMER_ID_MISSING',
            script,
          }),
        ],
      ] as const;
      for (const [outcome, name, message] of outcomes) {
        await creditCheckAnswers(outcome);
        await button.click();
        await expect.poll(() => result.textContent()).toBe(message);
        await walk.screen(name, 'creditBureauCheck');
      }
      expect(formatFindings(walk.findings)).toBe(formatFindings([]));
    } finally {
      await context.close();
    }
  }, 300_000);
});
