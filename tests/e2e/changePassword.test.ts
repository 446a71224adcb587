import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { launchBrowser, openPage } from '../helpers/browser';

const EMAIL = 'javier.morales@tessera.example';
const PASSWORD = 'Tessera#2026';
const NEW_PASSWORD = 'Fresh#Start2027';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page, password: string): Promise<void> {
  await page.locator('#email').fill(EMAIL);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('changing the password while signed in', () => {
  it('given a signed-in user, when changing the password, then the current password is asked for, checked, and the new one signs in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, PASSWORD);
    await page.goto(`${server.url}/accounts/password/change`);

    const current = page.getByLabel('Current password');
    await current.waitFor();
    await page.locator('#new-password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Enter your current password.').waitFor();

    await current.fill('Guess#2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is incorrect.').waitFor();

    await current.fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.waitForURL(`${server.url}/login`);
    await signIn(page, NEW_PASSWORD);
    await context.close();
  });
});
