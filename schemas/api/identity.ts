import { Type, type Static } from '@sinclair/typebox';
import { routePatterns } from './apiRoute';
import { IdentityPath } from './identityConstants';

export * from './identityConstants';

/** Route patterns of the identity calls, as the server registers them. */
export const IdentityRoute = routePatterns(IdentityPath);

/** The signed-in person, as `GET /identity/account` answers (spec 000 section 3). */
export const Account = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    fullName: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    groups: Type.Array(Type.String()),
    privileges: Type.Array(Type.String()),
    tenant: Type.String(),
  },
  { $id: 'Account' },
);
export type Account = Static<typeof Account>;

/** `POST /identity/login` body. */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    withCookie: Type.Optional(Type.Boolean()),
    channel: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** `GET /identity/authorizationStatus` 200 answer. */
export const AuthorizationStatus = Type.Object({
  status: Type.Literal('AUTHORIZED'),
  email: Type.String(),
});
export type AuthorizationStatus = Static<typeof AuthorizationStatus>;

/** Password rules of a tenant (spec 000 section 3, "Password settings"). */
export const PasswordSettings = Type.Object(
  {
    minLength: Type.Integer({ minimum: 1 }),
    maxLength: Type.Integer({ minimum: 1 }),
    minDigits: Type.Integer({ minimum: 0 }),
    minLowercaseCharacters: Type.Integer({ minimum: 0 }),
    minUppercaseCharacters: Type.Integer({ minimum: 0 }),
    minSpecialCharacters: Type.Integer({ minimum: 0 }),
  },
  { $id: 'PasswordSettings' },
);
export type PasswordSettings = Static<typeof PasswordSettings>;

/** `GET /identity/password-settings` (signed in, or in the must-change state). */
export const SignedInPasswordSettings = Type.Object({
  email: Type.String(),
  settings: PasswordSettings,
});
export type SignedInPasswordSettings = Static<typeof SignedInPasswordSettings>;

/** `GET /identity/password-settings/unauthenticated?tenant=` for the reset page. */
export const UnauthenticatedPasswordSettings = Type.Object({
  tenant: Type.String(),
  settings: PasswordSettings,
});
export type UnauthenticatedPasswordSettings = Static<typeof UnauthenticatedPasswordSettings>;

/**
 * `POST /identity/password` body: change one's own password. `currentPassword` is required
 * with a full session (a stolen cookie alone must not set a new password); the
 * must-change-password session, opened by that password minutes ago, may leave it out.
 */
export const UpdatePasswordBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  { additionalProperties: false },
);
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;

/** `POST /identity/password/reset-request` body: email a reset link. */
export const ResetRequestBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    language: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('es'), Type.Literal('fr')]),
    ),
  },
  { additionalProperties: false },
);
export type ResetRequestBody = Static<typeof ResetRequestBody>;

/** `POST /identity/accounts/{tenantId}/verify/reset-password?oobCode=` answer. */
export const VerifyResetAnswer = Type.Object({ result: Type.Object({ email: Type.String() }) });
export type VerifyResetAnswer = Static<typeof VerifyResetAnswer>;

/** `POST /identity/password/reset` body. */
export const ResetPasswordBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    oobCode: Type.String({ minLength: 16, maxLength: 128 }),
    tenantId: Type.String({ minLength: 1, maxLength: 63 }),
  },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** `GET /identity/system/settings` (public): what the shell needs before sign-in. */
export const SystemSettings = Type.Object({
  tenant: Type.String(),
  maintenance: Type.Boolean(),
  /** The task page offers Autofill (to holders of access-autofill) in this tenant. */
  autofill: Type.Boolean(),
});
export type SystemSettings = Static<typeof SystemSettings>;

/**
 * The 307 body of `POST /identity/login` and `GET /identity/authorizationStatus`: the user
 * must choose a new password; the session cookie then allows only the password calls.
 */
export const PasswordChangeRequired = Type.Object({
  code: Type.Literal('PASSWORD_CHANGE_REQUIRED'),
});
export type PasswordChangeRequired = Static<typeof PasswordChangeRequired>;

/** The 2xx body of identity calls that change state and return nothing else. */
export const Acknowledgement = Type.Object({
  status: Type.Union([
    Type.Literal('SIGNED_OUT'),
    Type.Literal('PASSWORD_UPDATED'),
    Type.Literal('RESET_REQUESTED'),
    Type.Literal('PASSWORD_RESET'),
  ]),
});
export type Acknowledgement = Static<typeof Acknowledgement>;

/** Query of `GET /identity/password-settings/unauthenticated`; `tenant` must match the host's. */
export const UnauthenticatedPasswordSettingsQuery = Type.Object(
  { tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 63 })) },
  { additionalProperties: false },
);
export type UnauthenticatedPasswordSettingsQuery = Static<
  typeof UnauthenticatedPasswordSettingsQuery
>;

/** Params of `POST /identity/accounts/{tenantId}/verify/reset-password`. */
export const VerifyResetParams = Type.Object({
  tenantId: Type.String({ minLength: 1, maxLength: 63 }),
});
export type VerifyResetParams = Static<typeof VerifyResetParams>;

/** Query of `POST /identity/accounts/{tenantId}/verify/reset-password`. */
export const VerifyResetQuery = Type.Object(
  { oobCode: Type.String({ minLength: 16, maxLength: 128 }) },
  { additionalProperties: false },
);
export type VerifyResetQuery = Static<typeof VerifyResetQuery>;
