import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';

/** What shows that a sign-in went through. */
export type SignedInMark = 'dashboard' | 'shell';

/** How `signIn` signs in; every field is optional. */
export interface SignInOptions {
  /** The demo password unless given. */
  password?: string;
  /**
   * What to wait for: the dashboard's first list (default), or only the shell's account menu,
   * for a user whose first page is not the dashboard or a test that leaves at once.
   */
  until?: SignedInMark;
  /** Sign in on the page as it is, when it already shows the sign-in form. */
  alreadyOnSignInPage?: boolean;
}

/** Fills the sign-in form on screen and submits it; waits for nothing. */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  // The submit button, whatever its label in the page's language.
  await page.locator('form button[type="submit"]').click();
}

/** Waits until the signed-in page shows `mark`. */
export async function waitForSignedIn(page: Page, mark: SignedInMark = 'dashboard'): Promise<void> {
  await (mark === 'dashboard'
    ? page.locator('[data-testid="tab-count-assigned"]').waitFor()
    : // The account menu's button, in any language.
      page.locator('button.tessera-user-button').waitFor());
}

/**
 * Signs a demo user in through the sign-in page of `origin` (the server's or a tenant's URL),
 * as a person would, and waits until the signed-in page is there.
 */
export async function signIn(
  page: Page,
  origin: string,
  email: string,
  options: SignInOptions = {},
): Promise<void> {
  if (!options.alreadyOnSignInPage) await page.goto(`${origin}/login`);
  await submitSignIn(page, email, options.password);
  await waitForSignedIn(page, options.until);
}
