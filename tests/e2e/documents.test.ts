import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docxText } from '../../server/documents/buildDocx';
import { completeOnboarding } from '../../server/documents/testing/completedOnboarding';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The officer who starts and captures the onboarding, and so may see its page. */
const OFFICER = 'amara.okafor@tessera.example';
const OFFICER_ID = 'aokafor';
const TEMPLATE = 'Customer onboarding record';
/** Where the screenshots go, to be looked at after a run. */
const SHOTS = screenshotsFolder('documents');
const POLL = { timeout: 30_000, interval: 100 };

// One generation at a time and no waiting line, so the test can fill the queue.
const e2e = setUpServerAndBrowser({
  config: { documents: { concurrency: 1, queueLength: 0, keepMinutes: 60 } },
});

async function bytesOf(started: Download): Promise<Buffer> {
  const stream = await started.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Holds the server's only generation slot until the returned function is called. */
function holdTheQueue(): () => Promise<void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const occupied = e2e.server.app.documentQueue.run(() => held);
  return async () => {
    release();
    await occupied;
  };
}

/** The instance page of a finished onboarding, signed in as its officer. */
async function openInstance(page: Page, customerName: string): Promise<void> {
  const { instanceId } = await completeOnboarding(e2e.server, OFFICER_ID, customerName);
  await signIn(page, e2e.server.url, OFFICER);
  await page.goto(`${e2e.server.url}/process/instance/${instanceId}`);
  await page.getByTestId('process-instance').waitFor();
}

const menuButton = (page: Page) => page.locator('.tessera-documents__button');
const banner = (page: Page) => page.getByTestId('document-banner');

describe('documents from the process instance page', () => {
  it('given a completed onboarding, when its officer generates the record with the keyboard, then the docx downloads with the values filled in', async () => {
    const { context, page } = await openPage(e2e.browser);
    const findings: AccessibilityFinding[] = [];
    try {
      await openInstance(page, 'Ana Souza');
      // Keyboard only: to the menu button, open it, down to the template, Enter.
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: new RegExp(TEMPLATE) });
      await item.waitFor();
      findings.push(...(await auditScreen(page, 'en 1280 px: generate menu open')));
      await page.screenshot({ path: `${SHOTS}/menu-en-1280.png` });
      // Tab into the open menu until its item has focus (the popover takes focus first).
      const itemFocused = () => item.evaluate((element) => element === document.activeElement);
      await expect
        .poll(async () => {
          if (await itemFocused()) return true;
          await page.keyboard.press('Tab');
          return itemFocused();
        }, POLL)
        .toBe(true);
      const [started] = await Promise.all([
        page.waitForEvent('download'),
        page.keyboard.press('Enter'),
      ]);

      const today = new Date().toISOString().slice(0, 10);
      expect(started.suggestedFilename()).toBe(`${today}_${TEMPLATE}.docx`);
      const text = docxText(await bytesOf(started));
      expect(text).toContain('Customer onboarding record');
      expect(text).toContain('Customer: Ana Souza');
      expect(text.some((line) => line.startsWith('Started by Amara Okafor on '))).toBe(true);
      expect(text.some((line) => line.includes(': Claire Dubois, '))).toBe(true);

      await expect.poll(() => banner(page).getAttribute('data-status'), POLL).toBe('success');
      expect(await banner(page).innerText()).toContain(`${today}_${TEMPLATE}.docx`);
      findings.push(...(await auditScreen(page, 'en 1280 px: success banner')));
      await page.screenshot({ path: `${SHOTS}/success-en-1280.png` });

      // A template removed meanwhile: not found, with the warning title.
      await e2e.server.database.db
        .deleteFrom('document_templates')
        .where('tenant', '=', 'internal')
        .where('name', '=', TEMPLATE)
        .execute();
      // By keyboard again: a pointer aimed while the banner above pushes the menu down can
      // land on the banner on a busy machine.
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      const removed = page.getByRole('menuitem', { name: new RegExp(TEMPLATE) });
      await removed.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => banner(page).getAttribute('data-status'), POLL).toBe('notFound');
      await page.screenshot({ path: `${SHOTS}/not-found-en-1280.png` });
    } finally {
      await context.close();
      // Put the demo template back for the next cases.
      const { seedDemoDocumentTemplates } = await import('../../server/seed/demoDocumentTemplates');
      await e2e.server.database.db
        .deleteFrom('document_templates')
        .where('tenant', '=', 'internal')
        .execute();
      await seedDemoDocumentTemplates(e2e.server.database.db);
    }
    expect(findings, formatFindings(findings)).toEqual([]);
  });

  it.each([
    ['en', 'en-GB', 1280],
    ['en', 'en-GB', 375],
    ['es', 'es-ES', 1280],
    ['es', 'es-ES', 375],
    ['fr', 'fr-FR', 1280],
    ['fr', 'fr-FR', 375],
  ])(
    'in %s (%s) at %i px, given the queue is full, then a busy banner shows in the language and dismissing it returns focus to the menu button',
    async (language, locale, width) => {
      const { context, page } = await openPage(e2e.browser, { locale, width });
      const findings: AccessibilityFinding[] = [];
      let release: (() => Promise<void>) | undefined;
      try {
        await openInstance(page, `Client ${language} ${width}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await menuButton(page).click();
        const item = page.getByRole('menuitem', { name: new RegExp(TEMPLATE) });
        await item.waitFor();
        await page.screenshot({ path: `${SHOTS}/menu-${language}-${width}.png` });

        // A generation that goes through first.
        const [started] = await Promise.all([page.waitForEvent('download'), item.click()]);
        expect(started.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}_/);
        await expect.poll(() => banner(page).getAttribute('data-status'), POLL).toBe('success');
        // The date in front of the file name stays on one line, however the message wraps.
        const date = banner(page).locator('.tessera-documents__file-date');
        expect(await date.textContent()).toBe(`${new Date().toISOString().slice(0, 10)}_`);
        expect(await date.evaluate((element) => element.getClientRects().length)).toBe(1);
        await page.screenshot({ path: `${SHOTS}/success-${language}-${width}.png` });

        // Then one while every slot is busy.
        release = holdTheQueue();
        await menuButton(page).click();
        await page.getByRole('menuitem', { name: new RegExp(TEMPLATE) }).click();
        await expect.poll(() => banner(page).getAttribute('data-status'), POLL).toBe('tooBusy');
        const busyText = await banner(page).innerText();
        const expected = {
          en: 'The server is busy',
          es: 'El servidor está ocupado',
          fr: 'Le serveur est occupé',
        }[language];
        expect(busyText).toContain(expected);
        findings.push(...(await auditScreen(page, `${language} ${width} px: busy banner`)));
        await page.screenshot({ path: `${SHOTS}/busy-${language}-${width}.png` });

        // Dismissed from the keyboard; focus goes back to the menu button.
        await banner(page).getByRole('button').focus();
        await page.keyboard.press('Enter');
        await banner(page).waitFor({ state: 'detached' });
        expect(
          await menuButton(page).evaluate((element) => element === document.activeElement),
        ).toBe(true);
      } finally {
        await release?.();
        await context.close();
      }
      expect(findings, formatFindings(findings)).toEqual([]);
    },
  );
});
