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
  /** A claim lost to someone who claimed the task first. */
  taskAlreadyClaimed: 'TASK_ALREADY_CLAIMED',
  /**
   * Segregation of duties: the task's process says this person may not perform it (they
   * started the case or did an earlier step of it), so they may not claim, be given or
   * complete it.
   */
  segregationOfDuties: 'SEGREGATION_OF_DUTIES',
  maintenance: 'MAINTENANCE',
  /**
   * The database failed, did not answer in time or lost its connection: nothing was saved by
   * this call, and trying again shortly will do (503 with `Retry-After`).
   */
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  tenantMismatch: 'TENANT_MISMATCH',
  foreignOrigin: 'FOREIGN_ORIGIN',
  /**
   * A sign-out that carries a session cookie but neither the app's header nor
   * `Sec-Fetch-Site: same-origin`: an image or link on another page, which must not end a session.
   */
  signOutNotFromApp: 'SIGN_OUT_NOT_FROM_APP',
  emailMismatch: 'EMAIL_MISMATCH',
  weakPassword: 'WEAK_PASSWORD',
  /** The new password is the current one: every rule may be met, yet it changes nothing. */
  passwordReused: 'PASSWORD_REUSED',
  invalidOobCode: 'INVALID_OOB_CODE',
  expiredOobCode: 'EXPIRED_OOB_CODE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  tenantNotFound: 'TENANT_NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** A NUL character, a lone surrogate or a broken percent-escape: text nothing can store. */
  invalidText: 'INVALID_TEXT',
  /** A JSON body nested deeper than the server accepts. */
  nestingTooDeep: 'NESTING_TOO_DEEP',
  /** The Host names no tenant this server is configured for (DNS rebinding, a stray proxy). */
  hostNotAllowed: 'HOST_NOT_ALLOWED',
  /** A signed-in password change must prove the current password. */
  currentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  wrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  /** A webhook button named a target the tenant has not configured. */
  webhookNotConfigured: 'WEBHOOK_NOT_CONFIGURED',
  /** A webhook button named a target that the task's own form has no button for. */
  webhookNotOnForm: 'WEBHOOK_NOT_ON_FORM',
  /** Every document-generation slot is busy and the waiting line is full: try again soon. */
  serverTooBusy: 'SERVER_TOO_BUSY',
  /** An uploaded document template is not a docx or xlsx the server can fill. */
  templateInvalid: 'TEMPLATE_INVALID',
  /** A template that came with the installation: it may be used, not removed. */
  templateBuiltIn: 'TEMPLATE_BUILT_IN',
  /** A start named a retired process version; new cases take the latest live version. */
  processRetired: 'PROCESS_RETIRED',
  /** A process deployment was refused: `details` lists every problem of every file. */
  deploymentRefused: 'DEPLOYMENT_REFUSED',
  /** An `Idempotency-Key` header that is empty, too long or not printable ASCII. */
  idempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  /** An `Idempotency-Key` already used by this user for a different request. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
