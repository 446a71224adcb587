import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { revokeUserSessions } from '../../server/identity/sessions';
import { readOutbox, setMaintenance } from '../../server/testing/startTestServer';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { submitSignIn } from '../helpers/signIn';

const PASSWORD = 'Tessera#2026';
const OFFICER = 'lucas.martin@tessera.example';

const e2e = setUpServerAndBrowser();

/** The shell is there once the account menu is. */
async function expectShell(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('sign-in', () => {
  it('given a blank email, when signing in, then requiredEmail shows and no request is sent', async () => {
    const { context, page } = await openPage(e2e.browser);
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/identity/login')) loginCalls.push(request.url());
    });
    await page.goto(`${e2e.server.url}/login`);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByTestId('login-error').textContent()).resolves.toBe(
      'Enter your email address.',
    );
    expect(loginCalls).toEqual([]);
    await context.close();
  });

  it('given a wrong password, when signing in, then wrongCredentials shows with both fields marked', async () => {
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await submitSignIn(page, OFFICER, 'Wrong#Password1');

    await page.getByText('The email address or password is incorrect.').waitFor();
    await expect(page.locator('#email').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#password').getAttribute('aria-invalid')).resolves.toBe('true');
    await context.close();
  });

  it('given the right password, when signing in, then the shell shows and survives a reload', async () => {
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await submitSignIn(page, OFFICER);
    await expectShell(page);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.reload();
    await expectShell(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('given a signed-in user, when logging out, then a dialog asks, /login follows and the old cookie is dead', async () => {
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await submitSignIn(page, OFFICER);
    await expectShell(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'tessera_session');
    expect(cookie).toBeDefined();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(OFFICER).waitFor();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${e2e.server.url}/login`);

    const response = await fetch(`${e2e.server.url}/identity/account`, {
      headers: { cookie: `tessera_session=${cookie?.value ?? ''}` },
    });
    expect(response.status).toBe(401);
    await context.close();
  });

  it('given a session that ends while the user works, when they come back, then sessionExpired shows and sign-in returns to the same page', async () => {
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await submitSignIn(page, OFFICER);
    await expectShell(page);
    await page.goto(`${e2e.server.url}/no-such-page?from=mail`);
    await expectShell(page);

    await revokeUserSessions(e2e.server.database.db, 'internal', 'lmartin');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await page.waitForURL(`${e2e.server.url}/login`);
    await page.getByText('Your session has expired. Please sign in again.').waitFor();
    await submitSignIn(page, OFFICER);
    await page.waitForURL(`${e2e.server.url}/no-such-page?from=mail`);
    await expectShell(page);
    await context.close();
  });
});

describe('passwords', () => {
  it('given a user who must change the password, when signing in, then the change screen sets a compliant one and sign-in works with it', async () => {
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await submitSignIn(page, 'theo.bernard@tessera.example');
    await page.waitForURL(`${e2e.server.url}/accounts/password/change`);

    await page.locator('#new-password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This password does not meet all the rules below.').waitFor();

    await page.locator('#new-password').fill('Fresh#Start2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.waitForURL(`${e2e.server.url}/login`);

    await submitSignIn(page, 'theo.bernard@tessera.example', 'Fresh#Start2027');
    await expectShell(page);
    await context.close();
  });

  it('given a forgotten password, when the mailed link is used, then the new password signs in and the link is spent', async () => {
    const email = 'amara.okafor@tessera.example';
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.locator('#forgot-email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('Check your inbox').waitFor();

    // The mail is written after the answer, so the answer's timing says nothing about the email.
    await e2e.server.app.afterAnswer.settled();
    const mail = (await readOutbox(e2e.server, 'internal')).find((m) => m.to === email);
    const link = /https?:\/\/\S+oobCode=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(e2e.server.url);

    await page.goto(link ?? '');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.locator('#new-password').fill('Another#Key2027');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been reset').waitFor();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${e2e.server.url}/login`);
    await submitSignIn(page, email, 'Another#Key2027');
    await expectShell(page);

    await page.goto(link ?? '');
    await page.getByText('This link has expired').waitFor();
    await context.close();
  });
});

describe('privileges, maintenance, language and tenants', () => {
  it('given a user without access-task, when signing in, then insufficientPriviliges shows and the user stays at /login', async () => {
    const { context, page } = await openPage(e2e.browser);
    await page.goto(`${e2e.server.url}/login`);
    await submitSignIn(page, 'elena.vidal@tessera.example');

    await page.getByText('You do not have the privileges needed for this.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByRole('button', { name: 'Account menu' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('given the maintenance flag, when a Spanish or French browser opens Tessera, then /maintenance speaks its language and leaves when the flag clears', async () => {
    await setMaintenance(e2e.server.database.db, 'internal', true);
    try {
      const spanish = await openPage(e2e.browser, { locale: 'es-ES' });
      await spanish.page.goto(`${e2e.server.url}/`);
      await spanish.page.waitForURL(`${e2e.server.url}/maintenance`);
      await spanish.page.getByRole('heading', { name: 'Volvemos enseguida' }).waitFor();
      await spanish.context.close();

      const french = await openPage(e2e.browser, { locale: 'fr-FR' });
      await french.page.goto(`${e2e.server.url}/`);
      await french.page.waitForURL(`${e2e.server.url}/maintenance`);
      await french.page.getByRole('heading', { name: 'Nous revenons très vite' }).waitFor();

      await setMaintenance(e2e.server.database.db, 'internal', false);
      await french.page.waitForURL((url) => url.pathname !== '/maintenance', { timeout: 20_000 });
      await french.context.close();
    } finally {
      await setMaintenance(e2e.server.database.db, 'internal', false);
    }
  });

  it('given a language chosen on the sign-in page, when the page reloads, then the choice stays', async () => {
    const { context, page } = await openPage(e2e.browser, { locale: 'en-GB' });
    await page.goto(`${e2e.server.url}/login`);
    await page.locator('#public-language').selectOption('fr');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await context.close();
  });

  it('given two tenants, when each one signs in at the other host, then it fails, and at its own it works', async () => {
    const acme = await openPage(e2e.browser);
    await acme.page.goto(`${e2e.server.urlFor('acme')}/login`);
    await submitSignIn(acme.page, OFFICER);
    await acme.page.getByText('The email address or password is incorrect.').waitFor();
    await submitSignIn(acme.page, 'ana.souza@acme.example');
    await expectShell(acme.page);
    await acme.context.close();

    const internal = await openPage(e2e.browser);
    await internal.page.goto(`${e2e.server.url}/login`);
    await submitSignIn(internal.page, 'ana.souza@acme.example');
    await internal.page.getByText('The email address or password is incorrect.').waitFor();
    await internal.context.close();
  });
});
