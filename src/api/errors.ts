import type { ErrorBody, ErrorCode } from '../../schemas/api/common';

/** One problem with one input, as the server's validation answers list them. */
export type ApiErrorDetail = NonNullable<ErrorBody['details']>[number];

/**
 * Every failed call rejects with an `ApiError`: the HTTP status (0 when no answer came) and the
 * server's stable error code, so callers branch on classes and codes, never on English text.
 * Each subclass sets `name` explicitly because minified builds rename classes.
 */
export class ApiError extends Error {
  /** HTTP status of the answer; 0 when the request never got one. */
  readonly status: number;
  /** The server's stable error code (`ErrorCode`), or a client-side stand-in. */
  readonly code: ErrorCode | string;
  /** Per-field problems of a validation answer, when the server sent them. */
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** No answer at all: offline, DNS, a dropped connection or a timeout. */
export class NetworkError extends ApiError {
  constructor(message = 'The server could not be reached') {
    super(0, 'NETWORK_ERROR', message);
    this.name = 'NetworkError';
  }
}

/** 400: the request was refused as malformed (also wrong credentials on login). */
export class BadRequestError extends ApiError {
  constructor(code: string, message: string, details?: ApiErrorDetail[]) {
    super(400, code, message, details);
    this.name = 'BadRequestError';
  }
}

/** 401: no session, or the session has expired. */
export class UnauthorizedError extends ApiError {
  constructor(code: string, message: string) {
    super(401, code, message);
    this.name = 'UnauthorizedError';
  }
}

/** 403: signed in, but without the privilege the call needs. */
export class ForbiddenError extends ApiError {
  constructor(code: string, message: string) {
    super(403, code, message);
    this.name = 'ForbiddenError';
  }
}

/** 404: the thing asked for does not exist (or is not visible to this tenant). */
export class NotFoundError extends ApiError {
  constructor(code: string, message: string) {
    super(404, code, message);
    this.name = 'NotFoundError';
  }
}

/** 409: the request conflicts with the current state (someone else got there first). */
export class ConflictError extends ApiError {
  constructor(code: string, message: string, details?: ApiErrorDetail[]) {
    super(409, code, message, details);
    this.name = 'ConflictError';
  }
}

/** 422: well-formed but refused by a business rule (a weak password, for one). */
export class UnprocessableError extends ApiError {
  constructor(code: string, message: string, details?: ApiErrorDetail[]) {
    super(422, code, message, details);
    this.name = 'UnprocessableError';
  }
}

/** 429: too many attempts; `retryAfterSeconds` says when trying again makes sense. */
export class RateLimitedError extends ApiError {
  /** Seconds to wait, from the Retry-After header; a minute when the server did not say. */
  readonly retryAfterSeconds: number;

  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(429, code, message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 503: the service is in maintenance. */
export class MaintenanceError extends ApiError {
  constructor(code: string, message: string) {
    super(503, code, message);
    this.name = 'MaintenanceError';
  }
}

/** Any other status: a 5xx, or one the client has no meaning for. */
export class ServerError extends ApiError {
  constructor(status: number, code: string, message: string, details?: ApiErrorDetail[]) {
    super(status, code, message, details);
    this.name = 'ServerError';
  }
}

const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Reads a Retry-After header, given in seconds or as an HTTP date. */
export function parseRetryAfter(value: unknown, now: number = Date.now()): number {
  if (typeof value !== 'string' && typeof value !== 'number') return DEFAULT_RETRY_AFTER_SECONDS;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(String(value));
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null;
}

/**
 * The one place an HTTP status becomes an error class. `body` is whatever the server sent
 * (usually an `ErrorBody`); `retryAfter` is the Retry-After header, if any.
 */
export function apiErrorFromResponse(
  status: number,
  body: unknown,
  retryAfter?: unknown,
): ApiError {
  const parsed = isErrorBody(body) ? body : {};
  const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${status}`;
  const message = typeof parsed.message === 'string' ? parsed.message : `HTTP ${status}`;
  const details = Array.isArray(parsed.details) ? parsed.details : undefined;
  switch (status) {
    case 400:
      return new BadRequestError(code, message, details);
    case 401:
      return new UnauthorizedError(code, message);
    case 403:
      return new ForbiddenError(code, message);
    case 404:
      return new NotFoundError(code, message);
    case 409:
      // A conflict may say which field it is about (a template name already taken).
      return new ConflictError(code, message, details);
    case 422:
      return new UnprocessableError(code, message, details);
    case 429:
      return new RateLimitedError(code, message, parseRetryAfter(retryAfter));
    case 503:
      return new MaintenanceError(code, message);
    default:
      // A 413 or 415 of the file store names its refusal in the details.
      return new ServerError(status, code, message, details);
  }
}
