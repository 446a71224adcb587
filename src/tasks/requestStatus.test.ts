import { describe, expect, it } from 'vitest';
import { REQUEST_STATUS_CODE, RequestStatus, requestStatusOf } from './requestStatus';

describe('spec 001 section 9: status names', () => {
  it('given the names, when read, then SUCCESS and SERVER_TOO_BUSY are there beside FORBIDDEN, NOT_FOUND and NOT_AUTHENTICATED', () => {
    expect(Object.keys(RequestStatus)).toEqual([
      'SUCCESS',
      'FORBIDDEN',
      'NOT_FOUND',
      'NOT_AUTHENTICATED',
      'SERVER_TOO_BUSY',
    ]);
  });

  it('given the codes the spec gives, when mapped, then success is 200, forbidden 403 and not authenticated 401', () => {
    expect(REQUEST_STATUS_CODE.SUCCESS).toBe(200);
    expect(REQUEST_STATUS_CODE.FORBIDDEN).toBe(403);
    expect(REQUEST_STATUS_CODE.NOT_AUTHENTICATED).toBe(401);
  });

  it('given HTTP statuses, when named, then 200 is SUCCESS, 429 is SERVER_TOO_BUSY and 500 has no name', () => {
    expect(requestStatusOf(200)).toBe(RequestStatus.SUCCESS);
    expect(requestStatusOf(429)).toBe(RequestStatus.SERVER_TOO_BUSY);
    expect(requestStatusOf(404)).toBe(RequestStatus.NOT_FOUND);
    expect(requestStatusOf(500)).toBeNull();
  });
});
