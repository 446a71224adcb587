import type { ErrorBody, ErrorCode } from '../schemas/api/common';

/** A field-level problem inside an error body (validation, weak password). */
export type ErrorDetail = NonNullable<ErrorBody['details']>[number];

/** Extra parts of an `AppError`. */
export interface AppErrorOptions {
  details?: ErrorDetail[];
  /** Response headers, e.g. `Retry-After` on a 429. */
  headers?: Record<string, string>;
}

/**
 * The one error type routes and plugins throw on purpose. The error handler turns it into an
 * `ErrorBody` with this status and stable code; anything else thrown becomes a 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}
