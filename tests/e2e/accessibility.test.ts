import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { projectPath } from '../../server/paths';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The supervisor: she has all three tabs, a team to reassign and tasks of her own. */
const SUPERVISOR = 'maria.garcia@tessera.example';
/** The form author: the only one who may open the preview. */
const AUTHOR = 'priya.nair@tessera.example';

const LANGUAGES = [
  { language: 'en', locale: 'en-GB' },
  { language: 'es', locale: 'es-ES' },
  { language: 'fr', locale: 'fr-FR' },
] as const;
const WIDTHS = [1280, 375] as const;
/** Outcome buttons: placed in the form by its designer, or the bar under a form without them. */
const OUTCOME_BUTTONS = ':is(.tf-outcomes, .tf-outcome-bar)';
/** Where a screen that could not be reached is photographed, to see why. */
const SHOTS = screenshotsFolder('accessibility');

// One server with the demo workload for every language and width: every list, the bell and
// the start drawer have content, as a real first start has. The walks only look: none of
// them changes what another one sees, so they can run side by side.
const e2e = setUpServerAndBrowser({ demoWorkload: true });
/** An intake the supervisor claimed herself: the task form audited. */
let taskId = '';
let instanceId = '';

beforeAll(async () => {
  const task = await e2e.server.database.db
    .selectFrom('tasks')
    .select(['id', 'instance_id'])
    .where('tenant', '=', 'internal')
    .where('assignee', '=', 'mgarcia')
    .where('element_id', '=', 'applicationIntake')
    .where('state', '=', 'open')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  taskId = task.id;
  instanceId = task.instance_id;
});

/** Closes whatever overlay is open and waits until none is left. */
async function closeOverlay(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.bp6-overlay-open').waitFor({ state: 'detached' });
}

/** Where the photograph of a screen goes. */
function shotOf(label: string): string {
  return join(SHOTS, `${label.replace(/[^a-z0-9]+/gi, '-')}.png`);
}

/** The findings of one language and width, with the screens that could not be reached. */
interface Audit {
  findings: AccessibilityFinding[];
  unreached: string[];
}

/**
 * Runs one screen of the walk: `reach` brings the page there, then axe looks at it. A screen
 * that cannot be reached is reported as such, and the walk goes on with the next one.
 */
async function screenOf(
  audit: Audit,
  page: Page,
  label: string,
  reach: () => Promise<void>,
): Promise<void> {
  try {
    await reach();
    const findings = await auditScreen(page, label);
    audit.findings.push(...findings);
    // A screen with findings is photographed as it was scanned, for whoever fixes them.
    if (findings.length > 0) {
      await page.screenshot({ path: shotOf(label), fullPage: true }).catch(() => undefined);
    }
  } catch (error) {
    const shot = shotOf(label);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    audit.unreached.push(`[${label}] ${reason} (screenshot: ${shot})`);
  }
}

/** The supervisor's walk: sign-in, the three tabs and their overlays, a task and its case. */
async function supervisorWalk(
  audit: Audit,
  language: string,
  locale: string,
  width: number,
): Promise<void> {
  const at = (screen: string) => `${language} ${width} px: ${screen}`;
  const { context, page } = await openPage(e2e.browser, { locale, width });
  // A busy two-core machine may take long to load a page: wait for it, not for a clock.
  page.setDefaultTimeout(60_000);
  // Leaving the task page after a failed submit must not hang on a browser prompt.
  page.on('dialog', (dialog) => void dialog.accept());
  try {
    await screenOf(audit, page, at('sign-in'), async () => {
      await page.goto(`${e2e.server.url}/login`);
      await page.locator('#email').waitFor();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
    });
    await screenOf(audit, page, at('assigned tab'), async () => {
      await signIn(page, e2e.server.url, SUPERVISOR, { alreadyOnSignInPage: true });
      await page.locator('.tessera-table [data-task-id]').first().waitFor();
    });
    await screenOf(audit, page, at('assigned tab, filter popover open'), async () => {
      await page.locator('[data-testid="filters-button"]').click();
      await page.locator('#filter-due-date').waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await screenOf(audit, page, at('bell popup open'), async () => {
      await page.locator('[data-testid="notification-bell"]').click();
      await page.locator('[data-testid="notification-assigned"]').waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await screenOf(audit, page, at('start drawer open'), async () => {
      await page.locator('[data-testid="start-process"]').click();
      await page.locator('[data-definition]').first().waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await screenOf(audit, page, at('candidate tab'), async () => {
      await page.locator('[data-tab="candidate"]').click();
      await page.locator('.tessera-table [data-action="claim"]').first().waitFor();
    });
    await screenOf(audit, page, at('team tab'), async () => {
      await page.locator('[data-tab="team"]').click();
      await page.locator('.tessera-table [data-action="reassign"]').first().waitFor();
    });
    await screenOf(audit, page, at('team tab, reassign dialog'), async () => {
      await page.locator('.tessera-table [data-action="reassign"]').first().click();
      await page.locator('[role="dialog"] [data-user-id]').first().waitFor();
    });
    await screenOf(audit, page, at('team tab, reassign dialog, confirmation'), async () => {
      await page.locator('[role="dialog"] [data-user-id]').first().click();
      await page.locator('[data-testid="reassign-continue"]').click();
      await page.locator('[role="dialog"] [data-testid="reassign-continue"]').waitFor({
        state: 'detached',
      });
    });
    await closeOverlay(page).catch(() => undefined);
    await screenOf(audit, page, at('team tab, bulk reassign dialog'), async () => {
      await page.getByTestId('select-all').click();
      await page.locator('[data-testid="bulk-reassign"]').click();
      await page.locator('[role="dialog"] [data-user-id]').first().waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await screenOf(audit, page, at('task form'), async () => {
      await page.goto(`${e2e.server.url}/process/task/${taskId}`);
      await page.getByTestId('task-form').waitFor();
      await page.locator(`${OUTCOME_BUTTONS} button`).first().waitFor();
    });
    await screenOf(audit, page, at('task form after a failed submit'), async () => {
      // The submitting outcome is the primary button, whatever its label in the language.
      await page.locator(`${OUTCOME_BUTTONS} button.bp6-intent-primary`).first().click();
      await page.locator('.tf-errors:not([hidden])').first().waitFor();
    });
    await screenOf(audit, page, at('instance page'), async () => {
      await page.goto(`${e2e.server.url}/process/instance/${instanceId}`);
      await page.locator('[data-testid="process-instance"]').waitFor();
    });
  } finally {
    await context.close();
  }
}

/** The author's walk: the form preview with a designer form in its three frames. */
async function authorWalk(
  audit: Audit,
  language: string,
  locale: string,
  width: number,
): Promise<void> {
  const { context, page } = await openPage(e2e.browser, { locale, width });
  page.setDefaultTimeout(60_000);
  try {
    await screenOf(audit, page, `${language} ${width} px: form preview`, async () => {
      await signIn(page, e2e.server.url, AUTHOR);
      await page.goto(`${e2e.server.url}/forms/preview`);
      const definition = readFileSync(
        projectPath('fixtures', 'forms', 'DSG-customer-onboarding.json'),
        'utf8',
      );
      await page.locator('#tfp-definition').fill(definition);
      // The frames of this definition, not the earlier ones dimmed while it compiles.
      await page.locator('.tfp-frames:not(.is-stale) .tfp-frame .tf-form').nth(2).waitFor();
    });
  } finally {
    await context.close();
  }
}

describe('accessibility (axe: no serious or critical finding)', () => {
  const cases = LANGUAGES.flatMap(({ language, locale }) =>
    WIDTHS.map((width) => ({ language, locale, width })),
  );

  // Two walks at a time (the e2e project's maxConcurrency): while axe scans one page in
  // Chromium, the server answers the other, so both cores work.
  it.concurrent.for(cases)(
    'given every main screen in $language at $width px, when axe looks at each, then it finds nothing serious or critical',
    // Fourteen screens, each loaded and scanned; generous for a busy two-core machine.
    { timeout: 600_000 },
    async ({ language, locale, width }, { expect }) => {
      const audit: Audit = { findings: [], unreached: [] };
      await supervisorWalk(audit, language, locale, width);
      await authorWalk(audit, language, locale, width);
      // One message with both lists, so a single run says everything there is to fix.
      const report = `Screens not reached:\n${audit.unreached.join('\n') || 'none'}\n\nFindings:\n${formatFindings(audit.findings)}`;
      expect({ unreached: audit.unreached, findings: audit.findings.length }, report).toEqual({
        unreached: [],
        findings: 0,
      });
    },
  );
});
