import { describe, it } from 'vitest';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const EMAIL = 'javier.morales@tessera.example';
const PASSWORD = 'Tessera#2026';
const NEW_PASSWORD = 'Fresh#Start2027';

const e2e = setUpServerAndBrowser();

describe('changing the password while signed in', () => {
  it('given a signed-in user, when changing the password, then the current password is asked for, checked, and the new one signs in', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, EMAIL, { until: 'shell' });
    await page.goto(`${e2e.server.url}/accounts/password/change`);

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
    await page.waitForURL(`${e2e.server.url}/login`);
    await signIn(page, e2e.server.url, EMAIL, {
      password: NEW_PASSWORD,
      alreadyOnSignInPage: true,
      until: 'shell',
    });
    await context.close();
  });
});
