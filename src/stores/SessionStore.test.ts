import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { fetchPasswordSettings } from '../api/identityApi';
import { FakeServer } from '../testing/fakeServer';
import { anAccount, createTestStores } from '../testing/createTestStores';
import type { RootStore } from '../RootStore';
import { ErrorCode } from '../../schemas/api/commonConstants';
import { LoginProblem, MaintenanceReason, SessionStatus } from './SessionStore';
import { RemoteLoadingStatus, SavingStatus } from './statuses';

let server: FakeServer;
let stores: RootStore | undefined;

beforeEach(() => {
  server = new FakeServer();
});

afterEach(() => {
  stores?.dispose();
  stores = undefined;
  server.restore();
});

function setUp(startPath = '/') {
  const created = createTestStores(startPath);
  stores = created.stores;
  return created;
}

const authorized = {
  status: 200,
  body: { status: 'AUTHORIZED', email: 'anna.lopez@northbank.example' },
};
const notSignedIn = {
  status: 401,
  body: { statusCode: 401, code: 'NOT_AUTHENTICATED', message: 'no' },
};

describe('SessionStore: the check on load', () => {
  it('loads the account on a 200 and stays where it is', async () => {
    server.on('GET', IdentityPath.authorizationStatus, authorized);
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount() });
    const { stores, navigator } = setUp('/');

    await stores.session.start();

    expect(stores.session.status).toBe(SessionStatus.authenticated);
    expect(stores.session.accountStatus).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(stores.session.account?.email).toBe('anna.lopez@northbank.example');
    expect(navigator.visits).toEqual([]);
  });

  it('leaves the sign-in page for / when the session is already valid', async () => {
    server.on('GET', IdentityPath.authorizationStatus, authorized);
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount() });
    const { stores, navigator } = setUp('/login');

    await stores.session.start();

    expect(navigator.visits).toEqual(['/']);
  });

  it('goes to the password change on a 307', async () => {
    server.on('GET', IdentityPath.authorizationStatus, { status: 307 });
    const { stores, navigator } = setUp('/');

    await stores.session.start();

    expect(stores.session.status).toBe(SessionStatus.passwordChangeRequired);
    expect(navigator.visits).toEqual(['/accounts/password/change']);
    expect(server.calls('GET', IdentityPath.account)).toHaveLength(0);
  });

  it('goes to maintenance on a 503', async () => {
    server.on('GET', IdentityPath.authorizationStatus, { status: 503 });
    const { stores, navigator } = setUp('/');

    await stores.session.start();

    expect(stores.session.status).toBe(SessionStatus.maintenance);
    expect(navigator.visits).toEqual(['/maintenance']);
  });

  it('goes to maintenance on a 503, as planned maintenance unless the database is unavailable', async () => {
    server.on('GET', IdentityPath.passwordSettings, {
      status: 503,
      body: { statusCode: 503, code: ErrorCode.databaseUnavailable, message: 'down' },
    });
    const { stores, navigator } = setUp('/');
    expect(stores.session.maintenanceReason).toBe(MaintenanceReason.planned);

    await expect(fetchPasswordSettings()).rejects.toMatchObject({ name: 'MaintenanceError' });
    expect(stores.session.maintenanceReason).toBe(MaintenanceReason.databaseUnavailable);
    expect(navigator.visits).toEqual(['/maintenance']);

    // The database is back, but the flag is now set: the page says so.
    server.on('GET', IdentityPath.authorizationStatus, {
      status: 503,
      body: { statusCode: 503, code: ErrorCode.maintenance, message: 'planned' },
    });
    expect(await stores.session.leaveMaintenanceIfOver()).toBe(false);
    expect(stores.session.maintenanceReason).toBe(MaintenanceReason.planned);
  });

  it('sends a visitor without a session to sign in, keeping the deep link', async () => {
    server.on('GET', IdentityPath.authorizationStatus, notSignedIn);
    const { stores, navigator } = setUp('/objectdata/loans/1?page=2');

    await stores.session.start();

    expect(stores.session.status).toBe(SessionStatus.anonymous);
    expect(stores.session.loginMessage).toBeNull();
    expect(stores.session.returnPath).toBe('/objectdata/loans/1?page=2');
    expect(navigator.visits).toEqual(['/login']);
  });

  it('goes to sign in with the server-error flag on any other answer', async () => {
    server.on('GET', IdentityPath.authorizationStatus, { status: 500 });
    const { stores, navigator } = setUp('/');

    await stores.session.start();

    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.serverError });
    expect(navigator.visits).toEqual(['/login']);
  });

  it('treats a network failure like any other failure', async () => {
    server.on('GET', IdentityPath.authorizationStatus, 'network-error');
    const { stores, navigator } = setUp('/login');

    await stores.session.start();

    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.serverError });
    expect(navigator.visits).toEqual([]);
  });

  it('shares one check between concurrent callers', async () => {
    server.on('GET', IdentityPath.authorizationStatus, authorized);
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount() });
    const { stores } = setUp('/');

    await Promise.all([stores.session.start(), stores.session.start()]);

    expect(server.calls('GET', IdentityPath.authorizationStatus)).toHaveLength(1);
  });

  it('turns away an account without access-task: toast, sign-out, sign-in page', async () => {
    server.on('GET', IdentityPath.authorizationStatus, authorized);
    server.on('GET', IdentityPath.account, {
      status: 200,
      body: anAccount({ privileges: ['access-bo'] }),
    });
    server.on('GET', IdentityPath.signOut, { status: 200 });
    const { stores, navigator } = setUp('/');

    await stores.session.start();

    expect(stores.session.account).toBeNull();
    expect(stores.toasts.toasts.map((t) => t.key)).toEqual(['common.insufficientPriviliges']);
    expect(server.calls('GET', IdentityPath.signOut)).toHaveLength(1);
    expect(navigator.visits).toEqual(['/login']);
  });
});

describe('SessionStore: login', () => {
  it('sends the spec body and goes to / after a 200', async () => {
    server.on('POST', IdentityPath.login, { status: 200 });
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount() });
    const { stores, navigator } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'Secret-123');

    expect(server.calls('POST', IdentityPath.login)[0]?.body).toEqual({
      email: 'anna.lopez@northbank.example',
      password: 'Secret-123',
      withCookie: true,
      channel: 'Web',
    });
    expect(server.calls('POST', IdentityPath.login)[0]?.headers['x-tenant-name']).toBe('internal');
    expect(stores.session.loginStatus).toBe(SavingStatus.success);
    expect(stores.session.status).toBe(SessionStatus.authenticated);
    expect(navigator.visits).toEqual(['/']);
  });

  it('takes the account from the login answer without asking again', async () => {
    server.on('POST', IdentityPath.login, { status: 200, body: anAccount({ firstName: 'Ana' }) });
    const { stores, navigator } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'Secret-123');

    expect(stores.session.account?.firstName).toBe('Ana');
    expect(server.calls('GET', IdentityPath.account)).toHaveLength(0);
    expect(navigator.visits).toEqual(['/']);
  });

  it('says the account is locked for a while after too many failures', async () => {
    server.on('POST', IdentityPath.login, {
      status: 429,
      body: { statusCode: 429, code: 'ACCOUNT_LOCKED', message: 'locked' },
      headers: { 'retry-after': '900' },
    });
    const { stores } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'x');

    expect(stores.session.loginMessage).toEqual({
      problem: LoginProblem.accountLocked,
      minutes: 15,
    });
  });

  it('goes back to the path the session expired on', async () => {
    server.on('GET', IdentityPath.passwordSettings, notSignedIn);
    server.on('POST', IdentityPath.login, { status: 200 });
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount() });
    const { stores, navigator } = setUp('/objectdata/loans/1');

    // Any call answering 401 expires the session through the HTTP client.
    await expect(fetchPasswordSettings()).rejects.toMatchObject({ name: 'UnauthorizedError' });
    expect(navigator.visits).toEqual(['/login']);
    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.sessionExpired });

    await stores.session.login('anna.lopez@northbank.example', 'Secret-123');

    expect(navigator.visits).toEqual(['/login', '/objectdata/loans/1']);
    expect(stores.session.returnPath).toBeNull();
  });

  it('goes to the password change on a 307', async () => {
    server.on('POST', IdentityPath.login, { status: 307 });
    const { stores, navigator } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'Old-password-1');

    expect(stores.session.status).toBe(SessionStatus.passwordChangeRequired);
    expect(navigator.visits).toEqual(['/accounts/password/change']);
  });

  it('reports wrong credentials on a 400', async () => {
    server.on('POST', IdentityPath.login, {
      status: 400,
      body: { statusCode: 400, code: 'WRONG_CREDENTIALS', message: 'no' },
    });
    const { stores, navigator } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'wrong');

    expect(stores.session.loginStatus).toBe(SavingStatus.error);
    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.wrongCredentials });
    expect(navigator.visits).toEqual([]);
  });

  it('reports a login error on another status or a network failure', async () => {
    const { stores } = setUp('/login');
    server.on('POST', IdentityPath.login, { status: 500 });
    await stores.session.login('anna.lopez@northbank.example', 'x');
    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.errorLogginIn });

    server.on('POST', IdentityPath.login, 'network-error');
    await stores.session.login('anna.lopez@northbank.example', 'x');
    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.errorLogginIn });
  });

  it('waits out a short busy answer of the server and signs in', async () => {
    let busy = true;
    server.on('POST', IdentityPath.login, () => {
      if (!busy) return { status: 200, body: anAccount({ firstName: 'Ana' }) };
      busy = false;
      return {
        status: 429,
        body: { statusCode: 429, code: 'RATE_LIMITED', message: 'busy' },
        headers: { 'retry-after': '1' },
      };
    });
    const { stores, navigator } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'Secret-123');

    expect(server.calls('POST', IdentityPath.login)).toHaveLength(2);
    expect(stores.session.loginMessage).toBeNull();
    expect(navigator.visits).toEqual(['/']);
  });

  it('says how many minutes to wait after too many attempts', async () => {
    server.on('POST', IdentityPath.login, {
      status: 429,
      body: { statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: 'slow down' },
      headers: { 'retry-after': '290' },
    });
    const { stores } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'x');

    expect(stores.session.loginMessage).toEqual({
      problem: LoginProblem.tooManyAttempts,
      minutes: 5,
    });
  });

  it('refuses an account without access-task after login', async () => {
    server.on('POST', IdentityPath.login, { status: 200 });
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount({ privileges: [] }) });
    server.on('GET', IdentityPath.signOut, { status: 200 });
    const { stores, navigator } = setUp('/login');

    await stores.session.login('anna.lopez@northbank.example', 'Secret-123');

    expect(stores.session.account).toBeNull();
    expect(stores.session.loginStatus).toBe(SavingStatus.error);
    expect(stores.toasts.toasts[0]?.key).toBe('common.insufficientPriviliges');
    expect(server.calls('GET', IdentityPath.signOut)).toHaveLength(1);
    expect(navigator.visits).toEqual([]);
  });
});

describe('SessionStore: app-wide statuses and logout', () => {
  async function signedIn(path = '/') {
    server.on('GET', IdentityPath.authorizationStatus, authorized);
    server.on('GET', IdentityPath.account, { status: 200, body: anAccount() });
    const created = setUp(path);
    await created.stores.session.start();
    return created;
  }

  it('expires the session when a re-check on returning to the tab answers 401', async () => {
    const { stores, navigator } = await signedIn('/process/task/42');
    server.on('GET', IdentityPath.account, notSignedIn);

    await stores.session.revalidate(1_000_000);

    expect(stores.session.account).toBeNull();
    expect(stores.session.loginMessage).toEqual({ problem: LoginProblem.sessionExpired });
    expect(stores.session.returnPath).toBe('/process/task/42');
    expect(navigator.visits).toEqual(['/login']);
  });

  it('re-checks at most every 15 seconds', async () => {
    const { stores } = await signedIn();
    const before = server.calls('GET', IdentityPath.account).length;

    await stores.session.revalidate(1_000_000);
    await stores.session.revalidate(1_005_000);
    await stores.session.revalidate(1_016_000);

    expect(server.calls('GET', IdentityPath.account).length - before).toBe(2);
  });

  it('toasts insufficient privileges on a 403 and stays signed in', async () => {
    const { stores } = await signedIn();
    server.on('GET', IdentityPath.passwordSettings, { status: 403 });

    await expect(fetchPasswordSettings()).rejects.toMatchObject({ name: 'ForbiddenError' });

    expect(stores.toasts.toasts).toMatchObject([
      { key: 'common.insufficientPriviliges', intent: 'danger', timeout: 0 },
    ]);
    expect(stores.session.account).not.toBeNull();
  });

  it('toasts why on a four-eyes 403, not a missing privilege', async () => {
    const { stores } = await signedIn();
    server.on('GET', IdentityPath.passwordSettings, {
      status: 403,
      body: { statusCode: 403, code: 'SEGREGATION_OF_DUTIES', message: 'someone else' },
    });

    await expect(fetchPasswordSettings()).rejects.toMatchObject({ name: 'ForbiddenError' });

    expect(stores.toasts.toasts).toMatchObject([
      { key: 'errors.SEGREGATION_OF_DUTIES', intent: 'danger' },
    ]);
    expect(stores.session.account).not.toBeNull();
  });

  it('goes to maintenance on a 503 from any call, and back to / when it is over', async () => {
    const { stores, navigator } = await signedIn('/');
    server.on('GET', IdentityPath.passwordSettings, { status: 503 });

    await expect(fetchPasswordSettings()).rejects.toMatchObject({ name: 'MaintenanceError' });
    expect(navigator.visits).toEqual(['/maintenance']);

    server.on('GET', IdentityPath.authorizationStatus, { status: 503 });
    expect(await stores.session.leaveMaintenanceIfOver()).toBe(false);
    server.on('GET', IdentityPath.authorizationStatus, authorized);
    expect(await stores.session.leaveMaintenanceIfOver()).toBe(true);
    expect(navigator.visits).toEqual(['/maintenance', '/']);
  });

  it('keeps the maintenance page when the check during maintenance gets no answer at all', async () => {
    const { stores, navigator } = await signedIn('/');
    server.on('GET', IdentityPath.passwordSettings, { status: 503 });
    await expect(fetchPasswordSettings()).rejects.toMatchObject({ name: 'MaintenanceError' });

    server.on('GET', IdentityPath.authorizationStatus, 'network-error');
    expect(await stores.session.leaveMaintenanceIfOver()).toBe(false);

    expect(stores.session.status).toBe(SessionStatus.maintenance);
    expect(navigator.visits).toEqual(['/maintenance']);
  });

  it('logs out: clears the account and goes to /login', async () => {
    const { stores, navigator } = await signedIn();
    stores.shell.setUnreadCount(3);
    server.on('GET', IdentityPath.signOut, { status: 200 });

    await stores.session.logout();

    expect(stores.session.account).toBeNull();
    expect(stores.session.status).toBe(SessionStatus.anonymous);
    expect(stores.shell.unreadCount).toBe(0);
    expect(navigator.visits).toEqual(['/login']);
  });

  it('keeps the session and toasts when logout fails', async () => {
    const { stores, navigator } = await signedIn();
    server.on('GET', IdentityPath.signOut, { status: 500 });

    await stores.session.logout();

    expect(stores.session.account).not.toBeNull();
    expect(stores.session.logoutStatus).toBe(SavingStatus.error);
    expect(stores.toasts.toasts[0]?.key).toBe('common.serverErrorTryAgain');
    expect(navigator.visits).toEqual([]);
  });

  it('does not expire the session when sign-out answers 401: it had ended already', async () => {
    const { stores, navigator } = await signedIn();
    server.on('GET', IdentityPath.signOut, notSignedIn);

    await stores.session.logout();

    expect(stores.session.loginMessage).toBeNull();
    expect(navigator.visits).toEqual(['/login']);
  });
});
