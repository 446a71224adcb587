import { Type, type Static } from '@sinclair/typebox';

/**
 * The one error body every non-2xx answer carries. `code` is stable and machine-readable;
 * the client translates it, `message` is a developer-facing English hint only.
 */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(
      Type.Array(
        Type.Object({
          path: Type.String(),
          code: Type.String(),
          params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        }),
      ),
    ),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Stable error codes shared by the server and the client's translations. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  wrongCredentials: 'WRONG_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  accountLocked: 'ACCOUNT_LOCKED',
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  notAuthenticated: 'NOT_AUTHENTICATED',
  forbidden: 'FORBIDDEN',
  insufficientPrivileges: 'INSUFFICIENT_PRIVILEGES',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  maintenance: 'MAINTENANCE',
  tenantMismatch: 'TENANT_MISMATCH',
  foreignOrigin: 'FOREIGN_ORIGIN',
  emailMismatch: 'EMAIL_MISMATCH',
  weakPassword: 'WEAK_PASSWORD',
  invalidOobCode: 'INVALID_OOB_CODE',
  expiredOobCode: 'EXPIRED_OOB_CODE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  tenantNotFound: 'TENANT_NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** `{ result: T }`, the envelope the spec's calls answer with. */
export const Result = <T extends import('@sinclair/typebox').TSchema>(schema: T) =>
  Type.Object({ result: schema });

/** The query of a call that takes none: any parameter is a 400, not silently ignored. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
