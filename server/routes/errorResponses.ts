import { ErrorBody } from '../../schemas/api/common';

/**
 * Response schema entries for the error statuses a route can answer, all `ErrorBody`:
 * `response: { 200: Account, ...errorResponses(400, 401) }`. 500 and 503 (maintenance) are
 * always included, since any API route can answer them.
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  const entries: Record<number, typeof ErrorBody> = { 500: ErrorBody, 503: ErrorBody };
  for (const status of statuses) entries[status] = ErrorBody;
  return entries;
}
