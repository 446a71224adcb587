import type {
  Account,
  AuthorizationStatus,
  LoginBody,
  ResetPasswordBody,
  ResetRequestBody,
  SignedInPasswordSettings,
  SystemSettings,
  UnauthenticatedPasswordSettings,
  UpdatePasswordBody,
  VerifyResetAnswer,
} from '../../schemas/api/identity';
import { IdentityPath } from '../../schemas/api/identityConstants';
import { http } from './httpClient';

/**
 * What login and the session check answer when they succeed: a full session, or one that
 * may do nothing but change its password (the server's 307).
 */
export const SessionGrant = {
  authorized: 'authorized',
  passwordChangeRequired: 'passwordChangeRequired',
} as const;
/** One of `SessionGrant`. */
export type SessionGrant = (typeof SessionGrant)[keyof typeof SessionGrant];

// 307 is an answer here, not a failure: the server sends it without a Location header, so
// the browser hands it over instead of following it.
const acceptGrant = (status: number): boolean => status === 200 || status === 307;
const toGrant = (status: number): SessionGrant =>
  status === 307 ? SessionGrant.passwordChangeRequired : SessionGrant.authorized;

/** What a successful login answers: the account, or the order to change the password first. */
export type LoginOutcome =
  | { grant: typeof SessionGrant.authorized; account: Account | null }
  | { grant: typeof SessionGrant.passwordChangeRequired };

function isAccount(value: unknown): value is Account {
  return (
    typeof value === 'object' &&
    value !== null &&
    'email' in value &&
    'privileges' in value &&
    Array.isArray(value.privileges)
  );
}

/**
 * Signs in with email and password; the session lives in an HTTP-only cookie. The 200 answer
 * carries the account, which saves the client a second call.
 */
export async function login(email: string, password: string): Promise<LoginOutcome> {
  const body: LoginBody = { email, password, withCookie: true, channel: 'Web' };
  const response = await http.post<unknown>(IdentityPath.login, body, {
    validateStatus: acceptGrant,
    handlesOwnErrors: true,
  });
  if (toGrant(response.status) === SessionGrant.passwordChangeRequired) {
    return { grant: SessionGrant.passwordChangeRequired };
  }
  return {
    grant: SessionGrant.authorized,
    account: isAccount(response.data) ? response.data : null,
  };
}

/** Checks the session cookie: 200 signed in, 307 must change password, else rejects. */
export async function authorizationStatus(): Promise<SessionGrant> {
  const response = await http.get<AuthorizationStatus>(IdentityPath.authorizationStatus, {
    validateStatus: acceptGrant,
    handlesOwnErrors: true,
  });
  return toGrant(response.status);
}

/** The signed-in account with its groups and privileges. */
export async function fetchAccount(): Promise<Account> {
  const response = await http.get<Account>(IdentityPath.account);
  return response.data;
}

/** Ends the session. A 401 means it had already ended, which the caller treats as success. */
export async function signOut(): Promise<void> {
  await http.get(IdentityPath.signOut, { handlesOwnErrors: true });
}

/** The password rules and the email of the signed-in (or must-change) account. */
export async function fetchPasswordSettings(): Promise<SignedInPasswordSettings> {
  const response = await http.get<SignedInPasswordSettings>(IdentityPath.passwordSettings);
  return response.data;
}

/** The password rules of a tenant, for the reset page where nobody is signed in. */
export async function fetchUnauthenticatedPasswordSettings(
  tenant: string,
): Promise<UnauthenticatedPasswordSettings> {
  const response = await http.get<UnauthenticatedPasswordSettings>(
    IdentityPath.passwordSettingsUnauthenticated,
    { params: { tenant } },
  );
  return response.data;
}

/** Changes the signed-in account's password. */
export async function updatePassword(body: UpdatePasswordBody): Promise<void> {
  await http.post(IdentityPath.updatePassword, body);
}

/** Asks for a reset link by email. The server answers alike whether the account exists or not. */
export async function requestPasswordReset(body: ResetRequestBody): Promise<void> {
  await http.post(IdentityPath.resetRequest, body);
}

/** Checks an emailed reset code and answers the email it was issued for. */
export async function verifyReset(tenantId: string, oobCode: string): Promise<string> {
  const response = await http.post<VerifyResetAnswer>(
    IdentityPath.verifyReset(tenantId),
    undefined,
    {
      params: { oobCode },
    },
  );
  return response.data.result.email;
}

/** Sets a new password with an emailed reset code. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await http.post(IdentityPath.reset, body);
}

/** Public settings the app needs before sign-in (the tenant, the maintenance flag). */
export async function fetchSystemSettings(): Promise<SystemSettings> {
  const response = await http.get<SystemSettings>(IdentityPath.systemSettings);
  return response.data;
}
