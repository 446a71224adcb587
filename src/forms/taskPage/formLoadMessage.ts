import { ApiError, ForbiddenError, NetworkError, UnauthorizedError } from '../../api/errors';

/** A form definition answered without the payload the page needs (no definition, no parts). */
export class NoProperPayloadError extends Error {
  constructor(message = 'The form definition answer has no payload') {
    super(message);
    this.name = 'NoProperPayloadError';
  }
}

/** A translated message: its key and the values it names. */
export interface FormLoadMessage {
  /** The i18n key. */
  key: string;
  /** Its values. */
  values?: Record<string, string | number>;
}

// The reason phrases of the statuses a definition load can meet, as browsers show them.
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * What loading a form definition failed with, as spec 001 section 8 lists it: a network
 * error is `common.errorMessage`; an answer without a payload `common.noProperPayladPassed`;
 * another non-200 answer its status and status text (`common.statusError`), or the generic
 * error when the status has no text; a 401 or a 403 nothing (sign-in again and the
 * privileges message are handled app-wide).
 */
export function formLoadMessage(error: unknown): FormLoadMessage | null {
  if (error instanceof UnauthorizedError || error instanceof ForbiddenError) return null;
  if (error instanceof NetworkError) return { key: 'common.errorMessage' };
  if (error instanceof NoProperPayloadError) return { key: 'common.noProperPayladPassed' };
  if (error instanceof ApiError && error.status > 0) {
    const statusText = STATUS_TEXT[error.status];
    if (statusText) {
      return { key: 'common.statusError', values: { status: error.status, statusText } };
    }
  }
  return { key: 'common.genericError' };
}
