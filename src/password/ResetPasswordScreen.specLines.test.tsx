import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { ResetPasswordScreen } from './ResetPasswordScreen';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

const CODE = 'c0ffee-c0ffee-c0ffee-c0ffee';

describe('spec 000 section 2 (line 103): the reset page’s loading spinner, then its heading', () => {
  it('given an emailed link being checked, when the page opens, then a spinner shows, and once checked the form is headed resetPassword.resetPassword', async () => {
    server = new FakeServer();
    server.on('POST', IdentityPath.verifyReset('acme'), {
      status: 200,
      body: { result: { email: 'anna.lopez@northbank.example' } },
    });
    server.on('GET', IdentityPath.passwordSettingsUnauthenticated, {
      status: 200,
      body: {
        tenant: 'acme',
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
    stores = createTestStores('/accounts/password/reset').stores;
    const { container } = render(
      <StoresContext.Provider value={stores}>
        <MemoryRouter initialEntries={[`/accounts/password/reset?oobCode=${CODE}&tenant=acme`]}>
          <ResetPasswordScreen />
        </MemoryRouter>
      </StoresContext.Provider>,
    );

    // Before the link's check has answered.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Checking your link…');
    expect(status.querySelector('.bp6-spinner')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Reset your password');
    expect(container.querySelector('.bp6-spinner')).toBeNull();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
