import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { tenantFromHost } from './tenantFromHost';
import {
  ApiError,
  ForbiddenError,
  MaintenanceError,
  NetworkError,
  UnauthorizedError,
  apiErrorFromResponse,
} from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller reads 401, 403 and 503 itself (login, the session check, sign-out), so the
     * app-wide reactions (expire the session, toast, maintenance) must not fire for it.
     */
    handlesOwnErrors?: boolean;
  }
}

/** What the app does, once for every call, about the statuses that concern the whole app. */
export interface GlobalErrorHandlers {
  /** A 401: the session is gone. */
  onUnauthorized: (error: UnauthorizedError) => void;
  /** A 403: the account lacks a privilege the call needs. */
  onForbidden: (error: ForbiddenError) => void;
  /** A 503: the service is in maintenance. */
  onMaintenance: (error: MaintenanceError) => void;
}

const hostname = typeof window === 'undefined' ? 'localhost' : window.location.hostname;

/**
 * The one HTTP client of the app: same-origin JSON with the session cookie and the tenant
 * header. Every failure leaves it as an `ApiError` subclass (see `errors.ts`).
 */
export const http = axios.create({
  withCredentials: true,
  timeout: 30_000,
  headers: {
    Accept: 'application/json',
    'x-tenant-name': tenantFromHost(hostname),
  },
});

/**
 * Tells the server the language the user chose in the app (not the browser's), so names it
 * renders per language (a case's name, a task's name) come in the reader's language.
 */
export function setRequestLanguage(language: string): void {
  http.defaults.headers.common['Accept-Language'] = language;
}

let handlers: GlobalErrorHandlers | null = null;

/**
 * Installs the app-wide reactions to 401, 403 and 503 (the RootStore does this once).
 * Returns a function that removes them again, for tests.
 */
export function setGlobalErrorHandlers(next: GlobalErrorHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = null;
  };
}

/** Turns whatever axios rejected with into the matching `ApiError`. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (!response) return new NetworkError(error.message);
    return apiErrorFromResponse(response.status, response.data, response.headers['retry-after']);
  }
  return new NetworkError(error instanceof Error ? error.message : String(error));
}

/**
 * A download asks for a Blob, so its error answer arrives as one too: its JSON is read back
 * so the refusal's code and details reach the caller as any other call's do.
 */
async function readBlobErrorBody(error: unknown): Promise<void> {
  if (!axios.isAxiosError(error) || !error.response) return;
  const { data } = error.response;
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return;
  try {
    error.response.data = JSON.parse(await data.text()) as unknown;
  } catch {
    // Not JSON (a proxy's error page): the status alone says what happened.
  }
}

http.interceptors.response.use(undefined, async (error: unknown) => {
  await readBlobErrorBody(error);
  const apiError = toApiError(error);
  const ownErrors = axios.isAxiosError(error) && error.config?.handlesOwnErrors === true;
  if (!ownErrors && handlers) {
    if (apiError instanceof UnauthorizedError) handlers.onUnauthorized(apiError);
    else if (apiError instanceof ForbiddenError) handlers.onForbidden(apiError);
    else if (apiError instanceof MaintenanceError) handlers.onMaintenance(apiError);
  }
  throw apiError;
});

/** The header that names one user action, so the server does it once however often it is sent. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How many times a keyed write is sent again after its answer was lost. */
const KEYED_WRITE_RETRIES = 2;

/** Pause before the first resend; doubled before each further one. */
const KEYED_WRITE_BACKOFF_MS = 500;

/**
 * A fresh key for one user action: 128 random bits in hex. `crypto.getRandomValues`, not
 * `randomUUID`, which browsers offer only on https and localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends a write the server does at most once per key (comment, draft save, completion,
 * process start). One key names the user's action and stays the same across resends: a send
 * whose answer never arrived (the connection dropped, the time ran out) goes again, twice at
 * most, and if the first had been done the server answers with its recorded answer instead
 * of doing it twice. Any answer from the server, error or not, ends the sending.
 */
export async function sendKeyedWrite<T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
  const key = newIdempotencyKey();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await http.request<T>({
        ...config,
        headers: { ...config.headers, [IDEMPOTENCY_KEY_HEADER]: key },
      });
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt >= KEYED_WRITE_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, KEYED_WRITE_BACKOFF_MS * 2 ** attempt));
    }
  }
}
