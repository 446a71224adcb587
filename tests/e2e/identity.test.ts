import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeUserSessions } from '../../server/identity/sessions';
import {
  readOutbox,
  setMaintenance,
  startTestServer,
  type TestServer,
} from '../../server/testing/startTestServer';
import { launchBrowser, openPage } from '../helpers/browser';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Fills the sign-in form and submits it. */
async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The shell is there once the account menu is. */
async function expectShell(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('sign-in', () => {
  it('given a blank email, when signing in, then requiredEmail shows and no request is sent', async () => {
    const { context, page } = await openPage(browser);
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/identity/login')) loginCalls.push(request.url());
    });
    await page.goto(`${server.url}/login`);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByTestId('login-error').textContent()).resolves.toBe(
      'Enter your email address.',
    );
    expect(loginCalls).toEqual([]);
    await context.close();
  });

  it('given a wrong password, when signing in, then wrongCredentials shows with both fields marked', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, OFFICER, 'Wrong#Password1');

    await page.getByText('The email address or password is incorrect.').waitFor();
    await expect(page.locator('#email').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#password').getAttribute('aria-invalid')).resolves.toBe('true');
    await context.close();
  });

  it('given the right password, when signing in, then the shell shows and survives a reload', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, OFFICER);
    await expectShell(page);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.reload();
    await expectShell(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('given a signed-in user, when logging out, then a dialog asks, /login follows and the old cookie is dead', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, OFFICER);
    await expectShell(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'tessera_session');
    expect(cookie).toBeDefined();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(OFFICER).waitFor();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/login`);

    const response = await fetch(`${server.url}/identity/account`, {
      headers: { cookie: `tessera_session=${cookie?.value ?? ''}` },
    });
    expect(response.status).toBe(401);
    await context.close();
  });

  it('given a session that ends while the user works, when they come back, then sessionExpired shows and sign-in returns to the same page', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, OFFICER);
    await expectShell(page);
    await page.goto(`${server.url}/no-such-page?from=mail`);
    await expectShell(page);

    await revokeUserSessions(server.database.db, 'internal', 'lmartin');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await page.waitForURL(`${server.url}/login`);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await signIn(page, OFFICER);
    await page.waitForURL(`${server.url}/no-such-page?from=mail`);
    await expectShell(page);
    await context.close();
  });
});

describe('passwords', () => {
  it('given a user who must change the password, when signing in, then the change screen sets a compliant one and sign-in works with it', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, 'theo.bernard@tessera.example');
    await page.waitForURL(`${server.url}/accounts/password/change`);

    await page.locator('#new-password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This password does not meet all the rules below.').waitFor();

    await page.locator('#new-password').fill('Fresh#Start2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.waitForURL(`${server.url}/login`);

    await signIn(page, 'theo.bernard@tessera.example', 'Fresh#Start2027');
    await expectShell(page);
    await context.close();
  });

  it('given a forgotten password, when the mailed link is used, then the new password signs in and the link is spent', async () => {
    const email = 'amara.okafor@tessera.example';
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.locator('#forgot-email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('Check your inbox').waitFor();

    // The mail is written after the answer, so the answer's timing says nothing about the email.
    await server.app.afterAnswer.settled();
    const mail = (await readOutbox(server.database.db, 'internal')).find((m) => m.to === email);
    const link = /https?:\/\/\S+oobCode=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(server.url);

    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.locator('#new-password').fill('Another#Key2027');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been reset').waitFor();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${server.url}/login`);
    await signIn(page, email, 'Another#Key2027');
    await expectShell(page);

    await page.goto(link ?? '');
    await page.getByText('This link has expired').waitFor();
    await context.close();
  });
});

describe('privileges, maintenance, language and tenants', () => {
  it('given a user without access-task, when signing in, then insufficientPriviliges shows and the user stays at /login', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, 'elena.vidal@tessera.example');

    await page.getByText('You do not have the privileges needed for this.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('button', { name: 'Account menu' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('given the maintenance flag, when a Spanish or French browser opens Tessera, then /maintenance speaks its language and leaves when the flag clears', async () => {
    await setMaintenance(server.database.db, 'internal', true);
    try {
      const spanish = await openPage(browser, { locale: 'es-ES' });
      await spanish.page.goto(`${server.url}/`);
      await spanish.page.waitForURL(`${server.url}/maintenance`);
      await spanish.page.getByRole('heading', { name: 'Volvemos enseguida' }).waitFor();
      await spanish.context.close();

      const french = await openPage(browser, { locale: 'fr-FR' });
      await french.page.goto(`${server.url}/`);
      await french.page.waitForURL(`${server.url}/maintenance`);
      await french.page.getByRole('heading', { name: 'Nous revenons très vite' }).waitFor();

      await setMaintenance(server.database.db, 'internal', false);
      await french.page.waitForURL((url) => url.pathname !== '/maintenance', { timeout: 20_000 });
      await french.context.close();
    } finally {
      await setMaintenance(server.database.db, 'internal', false);
    }
  });

  it('given a language chosen on the sign-in page, when the page reloads, then the choice stays', async () => {
    const { context, page } = await openPage(browser, { locale: 'en-GB' });
    await page.goto(`${server.url}/login`);
    await page.locator('#public-language').selectOption('fr');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await context.close();
  });

  it('given two tenants, when each one signs in at the other host, then it fails, and at its own it works', async () => {
    const acme = await openPage(browser);
    await acme.page.goto(`${server.urlFor('acme')}/login`);
    await signIn(acme.page, OFFICER);
    await acme.page.getByText('The email address or password is incorrect.').waitFor();
    await signIn(acme.page, 'ana.souza@acme.example');
    await expectShell(acme.page);
    await acme.context.close();

    const internal = await openPage(browser);
    await internal.page.goto(`${server.url}/login`);
    await signIn(internal.page, 'ana.souza@acme.example');
    await internal.page.getByText('The email address or password is incorrect.').waitFor();
    await internal.context.close();
  });
});
