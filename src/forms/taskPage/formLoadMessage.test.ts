import { describe, expect, it } from 'vitest';
import {
  ForbiddenError,
  NetworkError,
  NotFoundError,
  ServerError,
  UnauthorizedError,
} from '../../api/errors';
import { formLoadMessage, NoProperPayloadError } from './formLoadMessage';

describe('spec 001 section 8: load errors of a form definition', () => {
  it('given a network error, when the definition load fails, then common.errorMessage', () => {
    expect(formLoadMessage(new NetworkError())).toEqual({ key: 'common.errorMessage' });
  });

  it('given an answer without a payload, when the definition load fails, then common.noProperPayladPassed', () => {
    expect(formLoadMessage(new NoProperPayloadError())).toEqual({
      key: 'common.noProperPayladPassed',
    });
  });

  it('given a 404 or a 500, when the definition load fails, then the status and its status text', () => {
    expect(formLoadMessage(new NotFoundError('NOT_FOUND', 'gone'))).toEqual({
      key: 'common.statusError',
      values: { status: 404, statusText: 'Not Found' },
    });
    expect(formLoadMessage(new ServerError(500, 'INTERNAL_ERROR', 'boom'))).toEqual({
      key: 'common.statusError',
      values: { status: 500, statusText: 'Internal Server Error' },
    });
  });

  it('given a status without a known text or a plain error, when the definition load fails, then the generic error', () => {
    expect(formLoadMessage(new ServerError(599, 'ODD', 'odd'))).toEqual({
      key: 'common.genericError',
    });
    expect(formLoadMessage(new Error('compile'))).toEqual({ key: 'common.genericError' });
  });

  it('given a 401 or a 403, when the definition load fails, then no message of its own', () => {
    expect(formLoadMessage(new UnauthorizedError('NOT_AUTHENTICATED', 'x'))).toBeNull();
    expect(formLoadMessage(new ForbiddenError('FORBIDDEN', 'x'))).toBeNull();
  });
});
