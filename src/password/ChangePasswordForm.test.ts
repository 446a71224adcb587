import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { FakeServer } from '../testing/fakeServer';
import {
  ChangePasswordFailure,
  ChangePasswordForm,
  ChangePasswordStatus,
  CurrentPasswordProblem,
} from './ChangePasswordForm';

const settings = {
  minLength: 8,
  maxLength: 64,
  minDigits: 1,
  minLowercaseCharacters: 1,
  minUppercaseCharacters: 1,
  minSpecialCharacters: 0,
};

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  server.on('GET', IdentityPath.passwordSettings, {
    status: 200,
    body: { email: 'anna.lopez@northbank.example', settings },
  });
});

afterEach(() => server.restore());

/** A loaded form of the must-change flow (no current password), unless told otherwise. */
async function loaded(requiresCurrentPassword = false) {
  const form = new ChangePasswordForm({ mustChange: () => !requiresCurrentPassword });
  await form.load();
  return form;
}

describe('ChangePasswordForm', () => {
  it('loads the account email and the policy', async () => {
    const form = await loaded();
    expect(form.email).toBe('anna.lopez@northbank.example');
    expect(form.settings).toEqual(settings);
  });

  it('asks for a password, then for one that meets the rules, before calling', async () => {
    const form = await loaded();
    await form.submit();
    expect(form.problem).toBe('required');
    form.setPassword('short');
    await form.submit();
    expect(form.problem).toBe('weakPassword');
    expect(server.calls('POST', IdentityPath.updatePassword)).toHaveLength(0);
  });

  it('changes the password with the account email and shows success', async () => {
    server.on('POST', IdentityPath.updatePassword, {
      status: 200,
      body: { status: 'PASSWORD_UPDATED' },
    });
    const form = await loaded();
    form.setPassword('Longer-pass1');
    await form.submit();
    expect(server.calls('POST', IdentityPath.updatePassword)[0]?.body).toEqual({
      email: 'anna.lopez@northbank.example',
      password: 'Longer-pass1',
    });
    expect(form.status).toBe(ChangePasswordStatus.success);
  });

  it('shows the email mismatch on a 400 and the server error otherwise, dismissibly', async () => {
    const form = await loaded();
    form.setPassword('Longer-pass1');
    server.on('POST', IdentityPath.updatePassword, {
      status: 400,
      body: { statusCode: 400, code: 'EMAIL_MISMATCH', message: 'x' },
    });
    await form.submit();
    expect(form.failure).toBe(ChangePasswordFailure.emailMismatch);
    expect(form.status).toBe(ChangePasswordStatus.error);

    server.on('POST', IdentityPath.updatePassword, 'network-error');
    await form.submit();
    expect(form.failure).toBe(ChangePasswordFailure.serverError);

    form.dismissFailure();
    expect(form.failure).toBeNull();
    expect(form.status).toBe(ChangePasswordStatus.idle);
  });

  it('marks the field when the server finds the password weak', async () => {
    const form = await loaded();
    form.setPassword('Longer-pass1');
    server.on('POST', IdentityPath.updatePassword, {
      status: 422,
      body: { statusCode: 422, code: 'WEAK_PASSWORD', message: 'x' },
    });
    await form.submit();
    expect(form.problem).toBe('weakPassword');
    expect(form.failure).toBeNull();
  });

  it('given the server finds the new password is the current one, when submitting, then the field says so, not that a rule is broken', async () => {
    const form = await loaded();
    form.setPassword('Longer-pass1');
    server.on('POST', IdentityPath.updatePassword, {
      status: 422,
      body: { statusCode: 422, code: 'PASSWORD_REUSED', message: 'x' },
    });
    await form.submit();
    expect(form.problem).toBe('reused');
    expect(form.failure).toBeNull();
    expect(form.status).toBe(ChangePasswordStatus.idle);
  });

  describe('a signed-in change', () => {
    it('asks for the current password before calling', async () => {
      const form = await loaded(true);
      form.setPassword('Longer-pass1');
      await form.submit();
      expect(form.currentProblem).toBe(CurrentPasswordProblem.currentRequired);
      expect(server.calls('POST', IdentityPath.updatePassword)).toHaveLength(0);
      form.setCurrentPassword('Old-pass1');
      expect(form.currentProblem).toBeNull();
    });

    it('sends the current password with the new one', async () => {
      server.on('POST', IdentityPath.updatePassword, {
        status: 200,
        body: { status: 'PASSWORD_UPDATED' },
      });
      const form = await loaded(true);
      form.setCurrentPassword('Old-pass1');
      form.setPassword('Longer-pass1');
      await form.submit();
      expect(server.calls('POST', IdentityPath.updatePassword)[0]?.body).toEqual({
        email: 'anna.lopez@northbank.example',
        password: 'Longer-pass1',
        currentPassword: 'Old-pass1',
      });
      expect(form.status).toBe(ChangePasswordStatus.success);
      expect(form.currentPassword).toBe('');
    });

    it('marks the current password when the server finds it wrong or missing', async () => {
      const form = await loaded(true);
      form.setCurrentPassword('Guess-1');
      form.setPassword('Longer-pass1');
      server.on('POST', IdentityPath.updatePassword, {
        status: 400,
        body: { statusCode: 400, code: 'WRONG_CURRENT_PASSWORD', message: 'x' },
      });
      await form.submit();
      expect(form.currentProblem).toBe(CurrentPasswordProblem.currentWrong);
      expect(form.failure).toBeNull();
      expect(form.status).toBe(ChangePasswordStatus.idle);

      server.on('POST', IdentityPath.updatePassword, {
        status: 400,
        body: { statusCode: 400, code: 'CURRENT_PASSWORD_REQUIRED', message: 'x' },
      });
      await form.submit();
      expect(form.currentProblem).toBe(CurrentPasswordProblem.currentRequired);
    });

    it('says how long to wait after too many wrong current passwords', async () => {
      const form = await loaded(true);
      form.setCurrentPassword('Guess-1');
      form.setPassword('Longer-pass1');
      server.on('POST', IdentityPath.updatePassword, {
        status: 429,
        headers: { 'retry-after': '150' },
        body: { statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: 'x' },
      });
      await form.submit();
      expect(form.failure).toBe(ChangePasswordFailure.tooManyAttempts);
      expect(form.retryAfterMinutes).toBe(3);
    });
  });
});
