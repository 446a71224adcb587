import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { LoginScreen } from './LoginScreen';

let server: FakeServer;
let stores: RootStore;

beforeEach(() => {
  server = new FakeServer();
  stores = createTestStores('/login').stores;
});

afterEach(() => {
  stores.dispose();
  server.restore();
});

function renderLogin() {
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginScreen />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return {
    email: screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement,
    password: screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

const isDanger = (input: HTMLElement) =>
  input.closest('.bp6-input-group')?.classList.contains('bp6-intent-danger') ?? false;

describe('LoginScreen', () => {
  it('has the stable ids end-to-end tests drive', () => {
    const { email, password } = renderLogin();
    expect(email.id).toBe('email');
    expect(password.id).toBe('password');
  });

  it('asks for the email when it is blank, and sends nothing', async () => {
    const user = userEvent.setup();
    const { submit, email } = renderLogin();

    await user.click(submit);

    expect(screen.getByTestId('login-error').textContent).toBe('Enter your email address.');
    expect(isDanger(email)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an email without the shape of one, and sends nothing', async () => {
    const user = userEvent.setup();
    const { email, password, submit } = renderLogin();

    await user.type(email, 'anna.lopez');
    await user.type(password, 'Secret-123');
    await user.click(submit);

    expect(screen.getByTestId('login-error').textContent).toBe(
      'Enter a valid email address, such as name@company.com.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('asks for the password, and sends nothing', async () => {
    const user = userEvent.setup();
    const { email, password, submit } = renderLogin();

    await user.type(email, 'anna.lopez@northbank.example');
    await user.click(submit);

    expect(screen.getByTestId('login-error').textContent).toBe('Enter your password.');
    expect(isDanger(password)).toBe(true);
    expect(isDanger(email)).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('marks both fields when the server answers wrong credentials', async () => {
    server.on('POST', IdentityPath.login, {
      status: 400,
      body: { statusCode: 400, code: 'WRONG_CREDENTIALS', message: 'no' },
    });
    const user = userEvent.setup();
    const { email, password, submit } = renderLogin();

    await user.type(email, 'anna.lopez@northbank.example');
    await user.type(password, 'not-it');
    await user.click(submit);

    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'The email address or password is incorrect.',
    );
    expect(isDanger(email)).toBe(true);
    expect(isDanger(password)).toBe(true);
    expect(server.calls('POST', IdentityPath.login)).toHaveLength(1);
  });

  it('shows the session-expired line the session left behind', () => {
    stores.session.expire('/objectdata/loans/1');
    renderLogin();
    expect(screen.getByTestId('login-error').textContent).toBe(
      'Your session has expired. Please sign in again.',
    );
  });

  it('shows or hides the password', async () => {
    const user = userEvent.setup();
    const { password } = renderLogin();
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});
