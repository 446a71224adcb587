/**
 * The named request statuses of spec 001 section 9 (SUCCESS, FORBIDDEN, NOT_FOUND,
 * NOT_AUTHENTICATED, SERVER_TOO_BUSY), which the task screens branch on instead of raw codes.
 */
export const RequestStatus = {
  SUCCESS: 'SUCCESS',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  NOT_AUTHENTICATED: 'NOT_AUTHENTICATED',
  SERVER_TOO_BUSY: 'SERVER_TOO_BUSY',
} as const;
/** One of `RequestStatus`. */
export type RequestStatus = (typeof RequestStatus)[keyof typeof RequestStatus];

/**
 * The HTTP status of each name: 200, 403 and 401 as the spec gives them; NOT_FOUND is 404 and
 * SERVER_TOO_BUSY is 429, the codes this server answers with (the spec does not show them).
 */
export const REQUEST_STATUS_CODE: Readonly<Record<RequestStatus, number>> = {
  SUCCESS: 200,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_AUTHENTICATED: 401,
  SERVER_TOO_BUSY: 429,
};

/** The name of an HTTP status, or null for a status without one (other failures). */
export function requestStatusOf(httpStatus: number): RequestStatus | null {
  for (const [name, code] of Object.entries(REQUEST_STATUS_CODE)) {
    if (code === httpStatus) return name as RequestStatus;
  }
  return null;
}
