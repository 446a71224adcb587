import axios from 'axios';
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
