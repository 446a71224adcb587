// The identity API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

import { apiRoute } from './apiRoute';

/** Privileges are plain strings on the account; these are the ones Tessera knows. */
export const Privilege = {
  accessTask: 'access-task',
  accessBo: 'access-bo',
  accessTest: 'access-test',
  accessVariables: 'access-variables',
  accessAutofill: 'access-autofill',
  /** Administers the tenant's document templates (adds and removes them). */
  accessAdmin: 'access-admin',
} as const;
export type Privilege = (typeof Privilege)[keyof typeof Privilege];

/** The identity routes, one place for both sides. */
export const IdentityPath = {
  login: '/identity/login',
  authorizationStatus: '/identity/authorizationStatus',
  account: '/identity/account',
  signOut: '/identity/signOut',
  passwordSettings: '/identity/password-settings',
  passwordSettingsUnauthenticated: '/identity/password-settings/unauthenticated',
  updatePassword: '/identity/password',
  resetRequest: '/identity/password/reset-request',
  verifyReset: apiRoute('/identity/accounts/:tenantId/verify/reset-password'),
  reset: '/identity/password/reset',
  systemSettings: '/identity/system/settings',
} as const;
