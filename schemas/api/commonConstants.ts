// The common API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

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
