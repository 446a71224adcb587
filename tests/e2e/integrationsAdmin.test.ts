import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IntegrationPath } from '../../schemas/api/integrationConstants';
import { createIntegrationClient } from '../../server/identity/integrationClients';
import { auditScreen, formatFindings } from '../helpers/accessibility';
import { openPage } from '../helpers/browser';
import {
  BUREAU_WORKER,
  caseStuckAtTheBureau,
  deployBureauCheck,
} from '../helpers/externalTaskIncidents';
import { expectFocus, tabTo } from '../helpers/keyboard';
import { liveRegionSays } from '../helpers/liveRegion';
import { screenshotsFolder } from '../helpers/screenshotsFolder';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

/** The administrator of the demo tenant (access-admin). */
const ADMIN = 'priya.nair@tessera.example';
const SHOTS = screenshotsFolder('integrations-admin');
const TOKEN = /^ic_[0-9a-f]{20}\.[A-Za-z0-9_-]{43}$/;

const e2e = setUpServerAndBrowser();

beforeAll(async () => {
  await deployBureauCheck(e2e.server);
});

/** An outside system's message, sent with `token` (or none) as a scanner would send it. */
async function sendMessage(token: string | null): Promise<number> {
  const answer = await fetch(`${e2e.server.url}${IntegrationPath.messages}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ messageName: 'scannerConnectionCheck' }),
  });
  return answer.status;
}

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('the Integrations screen', () => {
  it('given a case stuck at the bureau, when Priya makes a client with only the keyboard, then its token is shown once and works, stops working once she revokes it, and the incident goes back to its workers with 3 attempts', async () => {
    const incidentId = await caseStuckAtTheBureau(
      e2e.server,
      'LN-2026-0042',
      'The credit bureau answered 503 Service Unavailable three times.',
    );
    const { context, page } = await openPage(e2e.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    try {
      await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
      await tabTo(page, { selector: 'a.tessera-nav__item', text: 'Integrations' });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin/integrations');
      await expectFocus(page, { selector: 'h1', text: 'Integrations' });
      const incidents = page.getByTestId('incidents-table');
      const incident = incidents.locator(`tr[data-incident-id="${incidentId}"]`);
      await incident.waitFor();
      expect(await incident.locator('th, td').allInnerTexts()).toEqual([
        'LN-2026-0042',
        'bureauCheck',
        'creditBureau',
        'The credit bureau answered 503 Service Unavailable three times.',
        expect.stringMatching(/^\d{2} \S+ \d{4} \d{2}:\d{2}$/),
        'Retry',
      ]);
      expect(
        await incident.getByRole('link', { name: 'LN-2026-0042' }).getAttribute('href'),
      ).toMatch(/^\/process\/instance\/.+/);

      // New client, by keyboard: a name, one permission, Create.
      await tabTo(page, { selector: 'button', text: 'New client' });
      await page.keyboard.press('Enter');
      await expectFocus(page, { selector: '#client-name' });
      await page.keyboard.type('Document scanner');
      await page.keyboard.press('Tab');
      await expectFocus(page, { selector: '#client-scope-messages' });
      await page.keyboard.press('Space');
      await tabTo(page, { selector: 'button[type="submit"]', text: 'Create client' });
      await page.keyboard.press('Enter');

      // The token, once, with the warning; copied with the keyboard.
      const shown = page.getByTestId('client-token');
      await shown.waitFor();
      await expectFocus(page, { selector: '#client-token' });
      const token = await page.locator('#client-token').inputValue();
      expect(token).toMatch(TOKEN);
      expect(await shown.innerText()).toContain('It will not be shown again');
      await tabTo(page, { selector: '[data-testid="copy-token"]' });
      await page.keyboard.press('Enter');
      await shown.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      const findings = await auditScreen(page, 'en 1280 px: token shown once', '.bp6-drawer');
      await page.screenshot({ path: `${SHOTS}/en-1280-token.png` });
      await page.keyboard.press('Escape');
      await expectFocus(page, { selector: 'button', text: 'New client' });
      expect(await page.locator('#client-token').count()).toBe(0);
      expect(await page.content()).not.toContain(token.split('.')[1]);

      // The token works: the message reaches the server as the scanner's (nothing waits for
      // it, a 404), where no token is a 401.
      expect(await sendMessage(null)).toBe(401);
      expect(await sendMessage(token)).toBe(404);

      const clientId = token.split('.')[0] ?? '';
      const row = page.locator(`tr[data-client-id="${clientId}"]`);
      await row.waitFor();
      expect(await row.locator('th, td').allInnerTexts()).toEqual([
        'Document scanner',
        'Send messages to cases',
        'Priya Nair',
        expect.stringMatching(/^\d{2} \S+ \d{4} \d{2}:\d{2}$/),
        'Never',
        'Active',
        'Revoke',
      ]);
      findings.push(...(await auditScreen(page, 'en 1280 px: integrations')));
      await page.screenshot({ path: `${SHOTS}/en-1280.png`, fullPage: true });

      // Revoke, by keyboard: the confirmation names the client and opens on Cancel.
      await tabTo(page, { selector: 'button[aria-label="Revoke Document scanner"]' });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Revoke this client?' });
      await dialog.getByText('Document scanner', { exact: true }).waitFor();
      await expectFocus(page, { selector: '[role="dialog"] button', text: 'Cancel' });
      findings.push(...(await auditScreen(page, 'en 1280 px: revoke', '.bp6-dialog')));
      await page.screenshot({ path: `${SHOTS}/en-1280-revoke.png` });
      await page.keyboard.press('Tab');
      await expectFocus(page, { selector: '[role="dialog"] button', text: 'Revoke' });
      await page.keyboard.press('Enter');
      await row.getByText(/^Revoked on \d{2} \S+ \d{4}$/).waitFor();
      await expectFocus(page, { selector: `tr[data-client-id="${clientId}"]` });
      expect(await row.getByRole('button').count()).toBe(0);
      expect(await sendMessage(token)).toBe(401);

      // Retry the incident, by keyboard: it leaves the list, and that is said politely.
      await tabTo(page, {
        selector: 'button[aria-label="Retry creditBureau for LN-2026-0042"]',
      });
      await page.keyboard.press('Enter');
      await liveRegionSays(
        page,
        'The task of LN-2026-0042 is back with the creditBureau workers, with 3 attempts.',
      );
      await page.getByText('No external task has failed.').waitFor();
      await expectFocus(page, { selector: 'h2', text: 'Incidents' });
      const [retried] = (await e2e.server.app.engine.listExternalTasks('internal')).filter(
        (task) => task.id === incidentId,
      );
      expect(retried?.retries).toBe(3);
      // Back with its workers: the next fetch gets it.
      const fetched = await e2e.server.app.engine.fetchAndLockExternalTasks('internal', {
        workerId: BUREAU_WORKER,
        maxTasks: 10,
        topics: [{ name: 'creditBureau', lockDurationMs: 60_000 }],
      });
      expect(fetched.map((task) => task.id)).toContain(incidentId);
      await page.screenshot({ path: `${SHOTS}/en-1280-retried.png`, fullPage: true });
      expect(findings, formatFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in French on a phone, given a client and an incident, then both are cards that fit the screen, an empty form is refused in French on its fields, and closing the drawer returns to Nouveau client', async () => {
    const incidentId = await caseStuckAtTheBureau(
      e2e.server,
      'LN-2026-0077',
      'Le bureau de crédit ne connaît pas ce client (identifiant 4471-XB).',
    );
    await createIntegrationClient(e2e.server.database.db, {
      tenant: 'internal',
      name: 'Service du bureau de crédit',
      scopes: ['external-tasks'],
      createdBy: 'pnair',
    });
    const { context, page } = await openPage(e2e.browser, { locale: 'fr-FR', width: 375 });
    try {
      await signIn(page, e2e.server.url, ADMIN, { until: 'shell' });
      await page.goto(`${e2e.server.url}/admin/integrations`);
      const card = page.locator(`li[data-incident-id="${incidentId}"]`);
      await card.waitFor();
      expect(await card.innerText()).toContain('Le bureau de crédit ne connaît pas ce client');
      const client = page
        .getByTestId('clients-cards')
        .locator('li', { hasText: 'Service du bureau de crédit' });
      expect(await client.innerText()).toMatch(
        /Actif[\s\S]*Effectuer des tâches externes[\s\S]*Priya Nair[\s\S]*Jamais/,
      );
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const findings = await auditScreen(page, 'fr 375 px: integrations');
      await page.screenshot({ path: `${SHOTS}/fr-375.png`, fullPage: true });

      const open = page.getByRole('button', { name: 'Nouveau client' });
      await open.focus();
      await page.keyboard.press('Enter');
      await expectFocus(page, { selector: '#client-name' });
      await tabTo(page, { selector: 'button[type="submit"]', text: 'Créer le client' });
      await page.keyboard.press('Enter');
      await page.getByText('Saisissez un nom pour le client.').waitFor();
      await page.getByText('Choisissez au moins un droit.').waitFor();
      await expectFocus(page, { selector: '#client-name' });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      findings.push(...(await auditScreen(page, 'fr 375 px: refused form', '.bp6-drawer')));
      await page.screenshot({ path: `${SHOTS}/fr-375-refused.png` });
      await page.keyboard.press('Escape');
      await expectFocus(page, { selector: 'button', text: 'Nouveau client' });
      expect(findings, formatFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
