import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { projectPath } from '../../server/paths';
import { createIntegrationClient } from '../../server/identity/integrationClients';
import { seedDemoRecords } from '../../server/seed/demoRecords';
import { auditScreen, formatFindings, type AccessibilityFinding } from '../helpers/accessibility';
import { openPage, ZOOMED_200_PERCENT, type ContextOptions } from '../helpers/browser';
import { caseStuckAtTheBureau, deployBureauCheck } from '../helpers/externalTaskIncidents';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The supervisor: she has all three tabs, a team to reassign and tasks of her own. */
const SUPERVISOR = 'maria.garcia@tessera.example';
/** The form author: the only one who may open the preview; she also keeps the templates. */
const AUTHOR = 'priya.nair@tessera.example';
/** The back-office analyst: reports, records, and a collateral valuation of her own. */
const ANALYST = 'claire.dubois@tessera.example';

const LANGUAGES = [
  { language: 'en', locale: 'en-GB' },
  { language: 'es', locale: 'es-ES' },
  { language: 'fr', locale: 'fr-FR' },
] as const;
/** A desktop, a phone, and a desktop window zoomed to 200 % (WCAG 1.4.4). */
const VIEWPORTS: { viewport: string; options: ContextOptions }[] = [
  { viewport: '1280 px', options: { width: 1280 } },
  { viewport: '375 px', options: { width: 375 } },
  { viewport: '200 % zoom', options: ZOOMED_200_PERCENT },
];
/** The Integrations screen's two lists, clients and incidents, as tables or as cards. */
const INTEGRATION_LISTS =
  ':is([data-testid="clients-table"], [data-testid="clients-cards"], [data-testid="incidents-table"], [data-testid="incidents-cards"])';
/** Outcome buttons: placed in the form by its designer, or the bar under a form without them. */
const OUTCOME_BUTTONS = ':is(.tf-outcomes, .tf-outcome-bar)';
/** Where a screen that could not be reached is photographed, to see why. */
const SHOTS = screenshotsFolder('accessibility');

// One server with the demo workload and records for every language and viewport: every
// list, the bell, the start drawer and the reports have content, as a real first start has.
// The walks only look: none of them changes what another one sees, so they run side by side.
const e2e = setUpServerAndBrowser({ demoWorkload: true });
/** An intake the supervisor claimed herself: the task form audited. */
let taskId = '';
let instanceId = '';
/** A large loan's credit decision the supervisor claimed: a decision form. */
let approvalId = '';
/** A loan review (CUT-loan-review) the supervisor claimed: a combined task. */
let reviewId = '';
/** A collateral valuation the analyst claimed: a Flowable-format form. */
let valuationId = '';

/** The first open task of `element` that `assignee` holds. */
async function openTaskOf(assignee: string, element: string) {
  return e2e.server.database.db
    .selectFrom('tasks')
    .select(['id', 'instance_id'])
    .where('tenant', '=', 'internal')
    .where('assignee', '=', assignee)
    .where('element_id', '=', element)
    .where('state', '=', 'open')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  await seedDemoRecords(e2e.server.database.db);
  const task = await openTaskOf('mgarcia', 'applicationIntake');
  taskId = task.id;
  instanceId = task.instance_id;
  approvalId = (await openTaskOf('mgarcia', 'supervisorApproval')).id;
  reviewId = (await openTaskOf('mgarcia', 'loanReview')).id;
  valuationId = (await openTaskOf('cdubois', 'collateralValuation')).id;
  // The Integrations screen with a client and an incident, not only its empty states.
  await createIntegrationClient(e2e.server.database.db, {
    tenant: 'internal',
    name: 'Document scanner',
    scopes: ['messages'],
    createdBy: 'pnair',
  });
  await deployBureauCheck(e2e.server);
  await caseStuckAtTheBureau(e2e.server, 'LN-2026-0042', 'The credit bureau answered 503.');
}, 300_000);

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

/** One language in one viewport: what every walk is given. */
interface Case {
  language: string;
  locale: string;
  viewport: string;
  options: ContextOptions;
}

/**
 * The supervisor's walk: sign-in, the three tabs and their overlays, her tasks (an intake, a
 * credit decision, a combined review) and a case, starting an application, a lost address.
 */
async function supervisorWalk(audit: Audit, { language, locale, viewport, options }: Case) {
  const at = (screen: string) => `${language} ${viewport}: ${screen}`;
  const { context, page } = await openPage(e2e.browser, { ...options, locale });
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
    await screenOf(audit, page, at('credit decision task form'), async () => {
      await page.goto(`${e2e.server.url}/process/task/${approvalId}`);
      await page.getByTestId('task-form').waitFor();
      await page.locator(`${OUTCOME_BUTTONS} button`).first().waitFor();
    });
    await screenOf(audit, page, at('combined (CUT) task form'), async () => {
      await page.goto(`${e2e.server.url}/process/task/${reviewId}`);
      await page.getByTestId('combined-progress').waitFor();
      await page.getByTestId('task-form').waitFor();
    });
    await screenOf(audit, page, at('start-process page'), async () => {
      await page.goto(`${e2e.server.url}/process/loan/loanOrigination/new`);
      await page.getByTestId('start-application').waitFor();
    });
    await screenOf(audit, page, at('not-found page'), async () => {
      await page.goto(`${e2e.server.url}/no-such-page`);
      await page.locator('.tessera-not-found').waitFor();
    });
  } finally {
    await context.close();
  }
}

/**
 * The analyst's walk: a report's list and one of its cases, a records list and one record,
 * and her collateral valuation, a Flowable-format form.
 */
async function analystWalk(audit: Audit, { language, locale, viewport, options }: Case) {
  const at = (screen: string) => `${language} ${viewport}: ${screen}`;
  const { context, page } = await openPage(e2e.browser, { ...options, locale });
  page.setDefaultTimeout(60_000);
  try {
    await screenOf(audit, page, at('report list'), async () => {
      await signIn(page, e2e.server.url, ANALYST);
      await page.goto(`${e2e.server.url}/report/loanApplication`);
      await page.locator('[data-testid="report-list"] [data-instance-id]').first().waitFor();
    });
    await screenOf(audit, page, at('report detail'), async () => {
      await page.locator('[data-testid="report-list"] [data-instance-id] a').first().click();
      await page.getByTestId('report-facts').waitFor();
    });
    await screenOf(audit, page, at('records list'), async () => {
      await page.goto(`${e2e.server.url}/objectdata/customers/1`);
      await page.locator('.tessera-records__table tbody tr').first().waitFor();
      await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
    });
    await screenOf(audit, page, at('record page'), async () => {
      await page.goto(`${e2e.server.url}/objectdata/customers/1/CUS-00007`);
      await page.locator('.tessera-record__form [id$="_fullName"]').first().waitFor();
    });
    await screenOf(audit, page, at('Flowable-format task form'), async () => {
      await page.goto(`${e2e.server.url}/process/task/${valuationId}`);
      await page.getByTestId('task-form').waitFor();
      await page.locator(`${OUTCOME_BUTTONS} button`).first().waitFor();
    });
  } finally {
    await context.close();
  }
}

/**
 * The author's walk: the form preview with a designer form in its three frames, the
 * document templates she keeps, the integration clients and incidents she looks after (and
 * the new-client form refused), and changing her password.
 */
async function authorWalk(audit: Audit, { language, locale, viewport, options }: Case) {
  const at = (screen: string) => `${language} ${viewport}: ${screen}`;
  const { context, page } = await openPage(e2e.browser, { ...options, locale });
  page.setDefaultTimeout(60_000);
  try {
    await screenOf(audit, page, at('form preview'), async () => {
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
    await screenOf(audit, page, at('document templates'), async () => {
      await page.goto(`${e2e.server.url}/admin/templates`);
      await page
        .locator('[data-testid="templates-cards"], [data-testid="templates-table"]')
        .waitFor();
    });
    await screenOf(audit, page, at('integrations'), async () => {
      await page.goto(`${e2e.server.url}/admin/integrations`);
      await page.locator(`${INTEGRATION_LISTS} li, ${INTEGRATION_LISTS} tbody tr`).nth(1).waitFor();
    });
    await screenOf(audit, page, at('new integration client'), async () => {
      await page.getByTestId('open-new-client').click();
      await page.locator('#client-name').waitFor();
      await page.getByTestId('create-client').click();
      await page.locator('#client-name-problem').waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await screenOf(audit, page, at('change password'), async () => {
      await page.goto(`${e2e.server.url}/accounts/password/change`);
      await page.locator('#new-password').waitFor();
    });
  } finally {
    await context.close();
  }
}

/** Runs `walks` and expects one message listing every unreached screen and every finding. */
async function expectNothingSerious(
  expect: ExpectStatic,
  walks: ((audit: Audit) => Promise<void>)[],
): Promise<void> {
  const audit: Audit = { findings: [], unreached: [] };
  for (const walk of walks) await walk(audit);
  // One message with both lists, so a single run says everything there is to fix.
  const report = `Screens not reached:\n${audit.unreached.join('\n') || 'none'}\n\nFindings:\n${formatFindings(audit.findings)}`;
  expect({ unreached: audit.unreached, findings: audit.findings.length }, report).toEqual({
    unreached: [],
    findings: 0,
  });
}

/**
 * The widths each language is walked at. The daily proof (`TESSERA_PROOF=long`) walks every
 * language at every width. The proof of every change walks English at every width, and
 * Spanish and French once each where their longer words have the least room (a phone, and
 * 200 % zoom): every screen is still audited in every language on each change, in 10 walks
 * instead of 18, each of which takes minutes on two busy cores.
 */
const WIDTHS_OF: Record<(typeof LANGUAGES)[number]['language'], readonly string[] | 'all'> =
  process.env.TESSERA_PROOF === 'long'
    ? { en: 'all', es: 'all', fr: 'all' }
    : { en: 'all', es: ['375 px'], fr: ['200 % zoom'] };

describe('accessibility (axe: no serious or critical finding)', () => {
  const cases: Case[] = LANGUAGES.flatMap(({ language, locale }) =>
    VIEWPORTS.filter(({ viewport }) => {
      const widths = WIDTHS_OF[language];
      return widths === 'all' || widths.includes(viewport);
    }).map(({ viewport, options }) => ({ language, locale, viewport, options })),
  );

  // Two walks at a time (the e2e project's maxConcurrency): while axe scans one page in
  // Chromium, the server answers the other, so both cores work. Each case is split in two
  // so that neither waits long for the slowest one at the end.
  it.concurrent.for(cases)(
    "given the supervisor's screens in $language at $viewport, when axe looks at each, then it finds nothing serious or critical",
    // Eighteen screens, each loaded and scanned; generous for a busy two-core machine.
    { timeout: 600_000 },
    async (walkCase, { expect }) => {
      await expectNothingSerious(expect, [(audit) => supervisorWalk(audit, walkCase)]);
    },
  );

  it.concurrent.for(cases)(
    "given the analyst's and the author's screens in $language at $viewport, when axe looks at each, then it finds nothing serious or critical",
    { timeout: 600_000 },
    async (walkCase, { expect }) => {
      await expectNothingSerious(expect, [
        (audit) => analystWalk(audit, walkCase),
        (audit) => authorWalk(audit, walkCase),
      ]);
    },
  );
});
