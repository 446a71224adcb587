// The error-report call's path, kinds and limits, without any schema: the reporter is in the
// sign-in page's first chunk, which must not load the schema library.

/** Error reports of the browser app (spec 000 section 8: "sent to an error-reporting service"). */
export const ClientErrorPath = {
  /** POST: one report; answered 202 without a body, signed in or not. */
  report: '/api/clientErrors',
} as const;

/** What happened in the browser. */
export const ClientErrorKind = {
  /** An error no code caught (the window's `error` event). */
  error: 'error',
  /** A promise rejected with no handler (the window's `unhandledrejection` event). */
  unhandledRejection: 'unhandledRejection',
  /** A screen failed to render and its error boundary took its place. */
  render: 'render',
  /** A condition the user does not see but operators should (the records list's switch). */
  warning: 'warning',
} as const;
export type ClientErrorKind = (typeof ClientErrorKind)[keyof typeof ClientErrorKind];

/** Limits of a report; the reporter cuts its text to them, the server refuses anything longer. */
export const CLIENT_ERROR_LIMITS = {
  name: 200,
  message: 1000,
  stack: 8000,
  componentStack: 8000,
  route: 500,
  release: 100,
  /** Named details a warning may carry (numbers, flags, short words). */
  details: 20,
  detailKey: 64,
  detailText: 200,
  /**
   * The whole JSON body, in bytes: what a page may send as it unloads (`keepalive`), far
   * above what the text limits allow, so only a hostile body meets it.
   */
  body: 64 * 1024,
} as const;
