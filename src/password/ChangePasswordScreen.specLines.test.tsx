import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores, type RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { ChangePasswordScreen } from './ChangePasswordScreen';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

const EMAIL = 'anna.lopez@northbank.example';

/** Opens the signed-in change-password screen on a simple policy. */
async function openScreen(): Promise<RecordingNavigator> {
  server = new FakeServer();
  server.on('GET', IdentityPath.passwordSettings, {
    status: 200,
    body: {
      email: EMAIL,
      settings: {
        minLength: 8,
        maxLength: 64,
        minDigits: 1,
        minLowercaseCharacters: 0,
        minUppercaseCharacters: 0,
        minSpecialCharacters: 0,
      },
    },
  });
  server.on('GET', IdentityPath.signOut, { status: 200, body: {} });
  const created = createTestStores('/accounts/password/change');
  stores = created.stores;
  render(
    <StoresContext.Provider value={stores}>
      <ChangePasswordScreen />
    </StoresContext.Provider>,
  );
  expect((await screen.findByTestId('change-password-email')).textContent).toBe(EMAIL);
  return created.navigator;
}

describe('spec 000 section 2 (line 99): the change-password screen’s change-account and continue buttons', () => {
  it('given the change-password screen with the account email, when "Change account" is pressed, then the session is signed out and the app goes to login', async () => {
    const navigator = await openScreen();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change account' }));
    await waitFor(() => expect(navigator.visits).toEqual(['/login']));
    expect(server?.calls('GET', IdentityPath.signOut)).toHaveLength(1);
  });

  it('given a password changed successfully, when the success view’s continue button is pressed, then the app goes to login', async () => {
    const navigator = await openScreen();
    server?.on('POST', IdentityPath.updatePassword, {
      status: 200,
      body: { status: 'PASSWORD_UPDATED' },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'Old-secret-1');
    await user.type(screen.getByLabelText('New password'), 'new-secret-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const next = await screen.findByRole('button', { name: 'Continue to sign in' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Password changed');
    expect(navigator.visits).toEqual([]);
    await user.click(next);
    await waitFor(() => expect(navigator.visits).toEqual(['/login']));
  });
});
