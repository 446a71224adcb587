import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { projectPath } from '../../server/paths';
import { createIntegrationClient } from '../../server/identity/integrationClients';
import { DEMO_DICTIONARIES } from '../../server/seed/demoDictionaries';
import { DEMO_OBJECT_DEFINITIONS, seedDemoRecords } from '../../server/seed/demoRecords';
import { openPage } from '../helpers/browser';
import { caseStuckAtTheBureau, deployBureauCheck } from '../helpers/externalTaskIncidents';
import {
  ReadingRule,
  flowableTexts,
  formatReadingFindings,
  languageObjects,
  parallelTexts,
  readScreen,
  readingContext,
  type CodeEntry,
  type ReadingContext,
  type ReadingFinding,
  type Segment,
  type Translation,
} from '../helpers/readingRules';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The supervisor: three tabs, the bell, the start drawer, her intake and her credit decision. */
const SUPERVISOR = 'maria.garcia@tessera.example';
/** The back-office analyst: reports, records and the collateral valuation (a Flowable form). */
const ANALYST = 'claire.dubois@tessera.example';
/** The form author and administrator: the form preview, the document templates and integrations. */
const AUTHOR = 'priya.nair@tessera.example';

const LANGUAGES = [
  { language: 'en', locale: 'en-GB' },
  { language: 'es', locale: 'es-ES' },
  { language: 'fr', locale: 'fr-FR' },
] as const;

/** Where each screen read is photographed as it was read, and a screen not reached, to see why. */
const SHOTS = screenshotsFolder('readings');
/**
 * The window's width: a desktop's by default; `TESSERA_READINGS_WIDTH=375` reads (and
 * photographs) every screen as a phone shows it.
 */
const WIDTH = Number(process.env.TESSERA_READINGS_WIDTH ?? 1280);

/**
 * Dictionary codes that are read as they are: ISO 4217 currency codes are how a bank writes
 * the currency of an amount (the tag beside an amount field, the loan application report's
 * Currency column of spec 001 section 2), though the dictionary also names each currency.
 */
const CODES_READ_AS_WRITTEN: ReadonlySet<string> = new Set(
  DEMO_DICTIONARIES.find((dictionary) => dictionary.name === 'currencies')?.entries.map(
    (entry) => entry.code,
  ) ?? [],
);

/**
 * Names that read the same in every language, so an English-looking one on a Spanish or
 * French screen is no missing translation: the product, the demo's people and tenants.
 */
const NAMES: readonly string[] = [
  'Tessera',
  'Tessera Task',
  // The language menus name each language in itself.
  'English',
  'Español',
  'Français',
  ...(
    JSON.parse(readFileSync(projectPath('fixtures', 'identity', 'users.json'), 'utf8')) as {
      displayName?: string;
      name?: string;
    }[]
  ).flatMap((user) => [user.displayName, user.name].filter((name): name is string => !!name)),
];

/**
 * Places whose text is not a value read the bank's way, with the rules they are spared and
 * why. Each is a place in the page, found by selector, never a kind of text.
 */
const EXCLUSIONS: readonly { selector: string; rules: readonly ReadingRule[]; why: string }[] = [
  {
    // Spec 001 section 3: the records list shows objects, arrays and booleans as JSON text,
    // digits as stored. Only such cells (their text starts as JSON does) are spared.
    selector: '.tessera-records__table tbody td[data-json-text]',
    rules: [ReadingRule.ungroupedAmount],
    why: 'JSON text of a record',
  },
  {
    // Telephone numbers are dialled, not read as amounts: the customers' mobile phone, in the
    // records list's column and in the record's form. Their other rules still hold.
    selector: 'td[data-field="phone"], [id$="_phone"]',
    rules: [ReadingRule.ungroupedAmount],
    why: 'telephone number',
  },
  {
    // A postal address holds a postal code (13042), which no one groups.
    selector: '[id$="_address"]',
    rules: [ReadingRule.ungroupedAmount],
    why: 'postal address',
  },
  {
    // Access-test mode shows each choice's code beside its label, for the form's author
    // (src/core/forms/fields/options.ts): the label is there, the code is deliberate.
    selector: '.tfp-frames',
    rules: [ReadingRule.dictionaryCode],
    why: 'codes shown to a form author beside their labels',
  },
  {
    // The form preview's definition is the JSON source an author pastes, in the format's own
    // (English) keys and raw values: source code, not something the app writes for a reader.
    selector: '#tfp-definition',
    rules: Object.values(ReadingRule),
    why: 'form definition source',
  },
];

// ---------------------------------------------------------------------------------------
// What the app says in each language: its locale files, its forms' and dictionaries' texts.

function readJson(...parts: string[]): unknown {
  return JSON.parse(readFileSync(projectPath(...parts), 'utf8'));
}

/** Every text of the app with its translations, from the sources the app renders. */
function appTranslations(): Translation[] {
  const found: Translation[] = [];
  for (const area of readdirSync(projectPath('locales', 'en'))) {
    found.push(
      ...parallelTexts(
        readJson('locales', 'en', area),
        readJson('locales', 'es', area),
        readJson('locales', 'fr', area),
      ),
    );
  }
  const forms = projectPath('fixtures', 'forms');
  const sidecars = new Set(readdirSync(join(forms, 'i18n')));
  for (const file of readdirSync(forms).filter((name) => name.endsWith('.json'))) {
    const form = readJson('fixtures', 'forms', file);
    // Designer and combined forms carry their texts by language; Flowable forms beside them,
    // or in a `translations` block of their own (a combined task's inline part).
    found.push(...languageObjects(form));
    if (sidecars.has(file)) {
      found.push(...flowableTexts(form, readJson('fixtures', 'forms', 'i18n', file) as never));
    }
    for (const part of ((form as { forms?: unknown[] }).forms ?? []) as Record<string, never>[]) {
      if (part.translations) found.push(...flowableTexts(part, part.translations));
    }
  }
  found.push(...languageObjects(DEMO_DICTIONARIES), ...languageObjects(DEMO_OBJECT_DEFINITIONS));
  return found;
}

/** The demo dictionaries' codes with their labels: what a screen must show by label. */
function dictionaryCodes(): CodeEntry[] {
  return DEMO_DICTIONARIES.flatMap((dictionary) =>
    dictionary.entries
      .filter((entry) => !CODES_READ_AS_WRITTEN.has(entry.code))
      .map((entry) => ({ code: entry.code, label: { ...entry.label } })),
  );
}

// ---------------------------------------------------------------------------------------
// Reading a screen.

/**
 * The texts of the page a person reads or hears: visible text nodes, the values and
 * placeholders of controls, the options of visible selects, the labels and titles of
 * visible elements, and the tab's title; each with the exclusions whose place holds it.
 */
function segmentsOf(page: Page): Promise<Segment[]> {
  const exclusions = EXCLUSIONS.map(({ selector, rules }) => ({ selector, rules: [...rules] }));
  return page.evaluate((exclusions) => {
    const found: Segment[] = [];
    const visible = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const whereOf = (element: Element): string => {
      const marked = element.closest('[data-testid], [id]');
      const mark = marked
        ? marked.getAttribute('data-testid')
          ? `[data-testid="${marked.getAttribute('data-testid')}"]`
          : `#${marked.id}`
        : '';
      const own = `${element.tagName.toLowerCase()}${element.classList[0] ? `.${element.classList[0]}` : ''}`;
      return mark ? `${mark} ${own}` : own;
    };
    const add = (text: string | null, element: Element) => {
      if (!text?.trim()) return;
      const excludedFrom = exclusions
        .filter(({ selector }) => element.closest(selector))
        .flatMap(({ rules }) => rules);
      found.push({ text, where: whereOf(element), excludedFrom } as Segment);
    };
    add(document.title, document.documentElement);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, option')) continue;
      if (visible(parent)) add(node.nodeValue, parent);
    }
    for (const element of document.querySelectorAll('input, textarea, select')) {
      if (!visible(element)) continue;
      const control = element as HTMLInputElement;
      if (['hidden', 'password', 'checkbox', 'radio', 'file'].includes(control.type)) continue;
      if (element instanceof HTMLSelectElement) {
        for (const option of element.options) add(option.text, element);
      } else {
        add(control.value, element);
        add(control.placeholder, element);
      }
    }
    for (const element of document.querySelectorAll('[aria-label], [title], img[alt]')) {
      if (!visible(element)) continue;
      add(element.getAttribute('aria-label'), element);
      add(element.getAttribute('title'), element);
      add(element.getAttribute('alt'), element);
    }
    return found;
  }, exclusions);
}

/** The findings of one language, with the screens that could not be reached. */
interface Reading {
  findings: ReadingFinding[];
  unreached: string[];
  screens: number;
}

/** A label as a file name. */
const slug = (label: string) => label.replace(/[^a-z0-9]+/gi, '-');

/** Brings the page to a screen with `reach`, then reads it; a screen not reached is reported. */
async function readScreenOf(
  reading: Reading,
  context: ReadingContext,
  page: Page,
  screen: string,
  reach: () => Promise<void>,
): Promise<void> {
  const label = `${context.language}: ${screen}`;
  try {
    await reach();
    // The last request's answer (labels of a dictionary, a relative age) settles first.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    reading.findings.push(...readScreen(label, await segmentsOf(page), context));
    reading.screens += 1;
    // Sections below the fold are painted only when scrolled to (`content-visibility`); the
    // whole-page photograph paints them all, after the reading.
    await page
      .addStyleTag({ content: '* { content-visibility: visible !important; }' })
      .then(() =>
        page.screenshot({ path: join(SHOTS, `${slug(label)}-${WIDTH}.png`), fullPage: true }),
      )
      .catch(() => undefined);
  } catch (error) {
    const shot = join(SHOTS, `${slug(label)}-${WIDTH}-unreached.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    reading.unreached.push(`[${label}] ${reason} (screenshot: ${shot})`);
  }
}

/**
 * Closes whatever overlay is open and waits until none is left. An overlay hears Escape only
 * once its focus has moved in, a frame or more after it shows on a loaded machine; a key
 * pressed before then is lost, and the open backdrop would then block the next screen's click.
 * So the key waits for the focus, and is pressed again while the overlay stays.
 */
async function closeOverlay(page: Page): Promise<void> {
  const open = page.locator('.bp6-overlay-open');
  for (let attempt = 0; attempt < 3 && (await open.count()) > 0; attempt += 1) {
    await page
      .waitForFunction(
        () => {
          const overlay = document.querySelector('.bp6-overlay-open');
          return !overlay || overlay.contains(document.activeElement);
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    await page.keyboard.press('Escape');
    await open
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
  }
  await open.first().waitFor({ state: 'detached', timeout: 1_000 });
}

// ---------------------------------------------------------------------------------------
// The walk.

// One server with the demo workload and records for every language: every list, the bell,
// the reports and the records have content. The walks only look, so they run side by side.
const e2e = setUpServerAndBrowser({ demoWorkload: true });
/** The tasks read: the supervisor's intake and credit decision, the analyst's valuation. */
const tasks = { intake: '', approval: '', valuation: '', instance: '' };

beforeAll(async () => {
  const { db } = e2e.server.database;
  await seedDemoRecords(db);
  const openTask = (assignee: string, elementId: string) =>
    db
      .selectFrom('tasks')
      .select(['id', 'instance_id'])
      .where('tenant', '=', 'internal')
      .where('assignee', '=', assignee)
      .where('element_id', '=', elementId)
      .where('state', '=', 'open')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const intake = await openTask('mgarcia', 'applicationIntake');
  tasks.intake = intake.id;
  tasks.instance = intake.instance_id;
  tasks.approval = (await openTask('mgarcia', 'supervisorApproval')).id;
  tasks.valuation = (await openTask('cdubois', 'collateralValuation')).id;
  // The Integrations screen with a client and an incident, not only its empty states.
  await createIntegrationClient(db, {
    tenant: 'internal',
    name: 'Document scanner',
    scopes: ['messages', 'external-tasks'],
    createdBy: 'pnair',
  });
  await deployBureauCheck(e2e.server);
  await caseStuckAtTheBureau(e2e.server, 'LN-2026-0042', 'The credit bureau answered 503.');
}, 300_000);

/** Opens a task and waits for its form and outcome buttons. */
async function openTask(page: Page, taskId: string): Promise<void> {
  await page.goto(`${e2e.server.url}/process/task/${taskId}`);
  await page.getByTestId('task-form').waitFor();
  await page.locator(':is(.tf-outcomes, .tf-outcome-bar) button').first().waitFor();
}

async function supervisorWalk(reading: Reading, context: ReadingContext, locale: string) {
  const { context: browserContext, page } = await openPage(e2e.browser, { locale, width: WIDTH });
  page.setDefaultTimeout(60_000);
  const read = (screen: string, reach: () => Promise<void>) =>
    readScreenOf(reading, context, page, screen, reach);
  try {
    await read('sign-in', async () => {
      await page.goto(`${e2e.server.url}/login`);
      await page.locator('#email').waitFor();
      await page.waitForFunction(
        (lang) => document.documentElement.lang === lang,
        context.language,
      );
    });
    await read('assigned tab', async () => {
      await signIn(page, e2e.server.url, SUPERVISOR, { alreadyOnSignInPage: true });
      await page.locator('.tessera-table [data-task-id]').first().waitFor();
    });
    await read('filter popover', async () => {
      await page.locator('[data-testid="filters-button"]').click();
      await page.locator('#filter-due-date').waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await read('bell popup', async () => {
      await page.locator('[data-testid="notification-bell"]').click();
      await page.locator('[data-testid="notification-assigned"]').waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await read('start drawer', async () => {
      await page.locator('[data-testid="start-process"]').click();
      await page.locator('[data-definition]').first().waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await read('candidate tab', async () => {
      await page.locator('[data-tab="candidate"]').click();
      await page.locator('.tessera-table [data-action="claim"]').first().waitFor();
    });
    await read('team tab', async () => {
      await page.locator('[data-tab="team"]').click();
      await page.locator('.tessera-table [data-action="reassign"]').first().waitFor();
    });
    await read('reassign dialog', async () => {
      await page.locator('.tessera-table [data-action="reassign"]').first().click();
      await page.locator('[role="dialog"] [data-user-id]').first().waitFor();
    });
    await closeOverlay(page).catch(() => undefined);
    await read('start-process page', async () => {
      await page.goto(`${e2e.server.url}/process/loan/loanOrigination/new`);
      await page.getByTestId('definition-name').waitFor();
    });
    await read('loan intake task', () => openTask(page, tasks.intake));
    await read('credit decision task', () => openTask(page, tasks.approval));
    await read('instance page', async () => {
      await page.goto(`${e2e.server.url}/process/instance/${tasks.instance}`);
      await page.locator('[data-testid="process-instance"]').waitFor();
    });
    await read('change-password screen', async () => {
      await page.goto(`${e2e.server.url}/accounts/password/change`);
      await page.locator('#new-password').waitFor();
    });
  } finally {
    await browserContext.close();
  }
}

/** The rows of a report list: the table's on a desktop, the cards on a phone. */
const REPORT_ROWS = ':is([data-testid="report-table"] tbody tr, [data-testid="report-cards"] li)';

async function analystWalk(reading: Reading, context: ReadingContext, locale: string) {
  const { context: browserContext, page } = await openPage(e2e.browser, { locale, width: WIDTH });
  page.setDefaultTimeout(60_000);
  const read = (screen: string, reach: () => Promise<void>) =>
    readScreenOf(reading, context, page, screen, reach);
  try {
    await signIn(page, e2e.server.url, ANALYST);
    for (const type of ['loanApplication', 'loan', 'customer']) {
      await read(`${type} reports list`, async () => {
        await page.goto(`${e2e.server.url}/report/${type}`);
        await page.locator(REPORT_ROWS).first().waitFor();
      });
      await read(`${type} report detail`, async () => {
        // A row of the table, or a card on a phone.
        const table = page.getByTestId('report-table');
        if ((await table.count()) > 0) await table.locator('tbody tr td').nth(3).click();
        else await page.locator('[data-testid="report-cards"] a').first().click();
        await page.getByTestId('report-detail').waitFor();
        await page.getByTestId('report-task').first().waitFor();
      });
    }
    for (const key of ['customers', 'loans', 'collateral']) {
      await read(`${key} records list`, async () => {
        await page.goto(`${e2e.server.url}/objectdata/${key}/1`);
        await page.locator('.tessera-records__table tbody tr').first().waitFor();
        await page.locator('.tessera-records__table-wrap[aria-busy="false"]').waitFor();
      });
      await read(`${key} record page`, async () => {
        await page.locator('.tessera-records__open').first().click();
        await page.waitForURL(`**/objectdata/${key}/1/*`);
        await page.locator('.tf-form').first().waitFor();
      });
    }
    await read('collateral valuation task (Flowable form)', () => openTask(page, tasks.valuation));
  } finally {
    await browserContext.close();
  }
}

async function authorWalk(reading: Reading, context: ReadingContext, locale: string) {
  const { context: browserContext, page } = await openPage(e2e.browser, { locale, width: WIDTH });
  page.setDefaultTimeout(60_000);
  const read = (screen: string, reach: () => Promise<void>) =>
    readScreenOf(reading, context, page, screen, reach);
  try {
    await signIn(page, e2e.server.url, AUTHOR);
    await read('document templates', async () => {
      await page.goto(`${e2e.server.url}/admin/templates`);
      // A table on a desktop, cards on a narrow screen.
      await page
        .locator(':is([data-testid="templates-table"], [data-testid="templates-cards"])')
        .waitFor();
    });
    await read('integrations', async () => {
      await page.goto(`${e2e.server.url}/admin/integrations`);
      // A table on a desktop, cards on a narrow screen: a client and an incident.
      await page
        .locator(
          ':is([data-testid="clients-table"] tbody tr, [data-testid="clients-cards"] li, [data-testid="incidents-table"] tbody tr, [data-testid="incidents-cards"] li)',
        )
        .nth(1)
        .waitFor();
    });
    await read('form preview', async () => {
      await page.goto(`${e2e.server.url}/forms/preview`);
      const definition = readFileSync(
        projectPath('fixtures', 'forms', 'DSG-customer-onboarding.json'),
        'utf8',
      );
      await page.locator('#tfp-definition').fill(definition);
      await page.locator('.tfp-frames:not(.is-stale) .tfp-frame .tf-form').nth(2).waitFor();
    });
  } finally {
    await browserContext.close();
  }
}

describe('every value reads the bank’s way', () => {
  const translations = appTranslations();
  const codes = dictionaryCodes();

  it.concurrent.for(LANGUAGES)(
    'given every main screen in $language, when its text is read, then no timestamp is raw, every date has a format the specs name, no code stands for its label, every amount is grouped and no English is left in Spanish or French',
    // Some twenty-five screens; generous for a busy two-core machine.
    { timeout: 900_000 },
    async ({ language, locale }, { expect }) => {
      const context = readingContext(language, translations, codes, NAMES);
      const reading: Reading = { findings: [], unreached: [], screens: 0 };
      await supervisorWalk(reading, context, locale);
      await analystWalk(reading, context, locale);
      await authorWalk(reading, context, locale);
      // One message with both lists, so a single run says everything there is to fix.
      const report = `Screens read: ${reading.screens}\nScreens not reached:\n${reading.unreached.join('\n') || 'none'}\n\nFindings:\n${formatReadingFindings(reading.findings)}`;
      console.log(report);
      expect({ unreached: reading.unreached, findings: reading.findings.length }, report).toEqual({
        unreached: [],
        findings: 0,
      });
    },
  );
});
