import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { FakeServer } from '../testing/fakeServer';
import { ResetPasswordForm, ResetPasswordView } from './ResetPasswordForm';

const CODE = 'c0ffee-c0ffee-c0ffee-c0ffee';
const settings = {
  minLength: 8,
  maxLength: 64,
  minDigits: 1,
  minLowercaseCharacters: 0,
  minUppercaseCharacters: 0,
  minSpecialCharacters: 0,
};

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  server.on('POST', IdentityPath.verifyReset('acme'), {
    status: 200,
    body: { result: { email: 'anna.lopez@northbank.example' } },
  });
  server.on('GET', IdentityPath.passwordSettingsUnauthenticated, {
    status: 200,
    body: { tenant: 'acme', settings },
  });
});

afterEach(() => server.restore());

describe('ResetPasswordForm', () => {
  it('shows the expired view at once for a link without its parameters', async () => {
    for (const [code, tenant] of [
      [null, 'acme'],
      [CODE, null],
      ['short', 'acme'],
      [CODE, 'not a tenant!'],
    ] as const) {
      const form = new ResetPasswordForm(code, tenant);
      await form.load();
      expect(form.view).toBe(ResetPasswordView.expired);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('checks the code with the tenant and shows the form', async () => {
    const form = new ResetPasswordForm(CODE, 'acme');
    await form.load();
    expect(form.view).toBe(ResetPasswordView.form);
    expect(form.email).toBe('anna.lopez@northbank.example');
    expect(server.calls('POST', IdentityPath.verifyReset('acme'))[0]?.params).toEqual({
      oobCode: CODE,
    });
    expect(server.calls('GET', IdentityPath.passwordSettingsUnauthenticated)[0]?.params).toEqual({
      tenant: 'acme',
    });
  });

  it('shows the expired view when the code is refused', async () => {
    server.on('POST', IdentityPath.verifyReset('acme'), {
      status: 400,
      body: { statusCode: 400, code: 'EXPIRED_OOB_CODE', message: 'x' },
    });
    const form = new ResetPasswordForm(CODE, 'acme');
    await form.load();
    expect(form.view).toBe(ResetPasswordView.expired);
  });

  it('offers a retry when the check fails for another reason', async () => {
    server.on('POST', IdentityPath.verifyReset('acme'), { status: 500 });
    const form = new ResetPasswordForm(CODE, 'acme');
    await form.load();
    expect(form.view).toBe(ResetPasswordView.loadFailed);
  });

  it('resets with the code and shows success on a 200', async () => {
    server.on('POST', IdentityPath.reset, { status: 200, body: { status: 'PASSWORD_RESET' } });
    const form = new ResetPasswordForm(CODE, 'acme');
    await form.load();
    form.setPassword('new-password-1');
    await form.submit();
    expect(server.calls('POST', IdentityPath.reset)[0]?.body).toEqual({
      email: 'anna.lopez@northbank.example',
      newPassword: 'new-password-1',
      oobCode: CODE,
      tenantId: 'acme',
    });
    expect(form.view).toBe(ResetPasswordView.success);
  });

  it('turns to the expired view on an OOB_CODE error, else shows the server error', async () => {
    const form = new ResetPasswordForm(CODE, 'acme');
    await form.load();
    form.setPassword('new-password-1');
    server.on('POST', IdentityPath.reset, { status: 500 });
    await form.submit();
    expect(form.serverError).toBe(true);
    expect(form.view).toBe(ResetPasswordView.form);

    server.on('POST', IdentityPath.reset, {
      status: 400,
      body: { statusCode: 400, code: 'INVALID_OOB_CODE', message: 'x' },
    });
    await form.submit();
    expect(form.view).toBe(ResetPasswordView.expired);
  });

  it('given the server finds the new password is the current one, when resetting, then the field says so', async () => {
    server.on('POST', IdentityPath.reset, {
      status: 422,
      body: { statusCode: 422, code: 'PASSWORD_REUSED', message: 'x' },
    });
    const form = new ResetPasswordForm(CODE, 'acme');
    await form.load();
    form.setPassword('new-password-1');
    await form.submit();
    expect(form.problem).toBe('reused');
    expect(form.serverError).toBe(false);
    expect(form.view).toBe(ResetPasswordView.form);
  });
});
