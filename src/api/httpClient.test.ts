import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  MaintenanceError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnprocessableError,
  parseRetryAfter,
} from './errors';
import { http, sendKeyedWrite, setGlobalErrorHandlers } from './httpClient';
import { FakeServer } from '../testing/fakeServer';

let server: FakeServer;
const handlers = { onUnauthorized: vi.fn(), onForbidden: vi.fn(), onMaintenance: vi.fn() };
let detach: () => void;

beforeEach(() => {
  server = new FakeServer();
  detach = setGlobalErrorHandlers(handlers);
  vi.clearAllMocks();
});

afterEach(() => {
  detach();
  server.restore();
});

async function failureOf(status: number | 'network-error', headers?: Record<string, string>) {
  server.on(
    'GET',
    '/x',
    status === 'network-error'
      ? status
      : { status, headers, body: { statusCode: status, code: 'SOME_CODE', message: 'm' } },
  );
  try {
    await http.get('/x');
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('httpClient', () => {
  it('maps each status to its error class once, with its name and code', async () => {
    const cases: Array<[number | 'network-error', new (...args: never[]) => ApiError, string]> = [
      [400, BadRequestError, 'BadRequestError'],
      [401, UnauthorizedError, 'UnauthorizedError'],
      [403, ForbiddenError, 'ForbiddenError'],
      [404, NotFoundError, 'NotFoundError'],
      [409, ConflictError, 'ConflictError'],
      [422, UnprocessableError, 'UnprocessableError'],
      [429, RateLimitedError, 'RateLimitedError'],
      [503, MaintenanceError, 'MaintenanceError'],
      [500, ServerError, 'ServerError'],
      ['network-error', NetworkError, 'NetworkError'],
    ];
    for (const [status, type, name] of cases) {
      const error = await failureOf(status);
      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).name).toBe(name);
      if (status !== 'network-error') {
        expect((error as ApiError).status).toBe(status);
        expect((error as ApiError).code).toBe('SOME_CODE');
      }
    }
  });

  it('reads Retry-After for a 429', async () => {
    const error = await failureOf(429, { 'retry-after': '120' });
    expect((error as RateLimitedError).retryAfterSeconds).toBe(120);
    expect(parseRetryAfter(undefined)).toBe(60);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(30);
  });

  it('runs the app-wide reactions for 401, 403 and 503', async () => {
    await failureOf(401);
    await failureOf(403);
    await failureOf(503);
    await failureOf(500);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.onForbidden).toHaveBeenCalledTimes(1);
    expect(handlers.onMaintenance).toHaveBeenCalledTimes(1);
  });

  it('leaves calls that handle their own statuses alone', async () => {
    server.on('GET', '/own', { status: 401 });
    await expect(http.get('/own', { handlesOwnErrors: true })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the tenant header and the session cookie', async () => {
    server.on('GET', '/y', { status: 200, body: {} });
    await http.get('/y');
    expect(server.requests[0]?.headers['x-tenant-name']).toBe('internal');
    expect(http.defaults.withCredentials).toBe(true);
  });

  it('given a keyed write whose answer is lost, when it is sent again, then the same key goes with it; a new action gets a new key', async () => {
    let sends = 0;
    server.on('POST', '/write', () => {
      sends += 1;
      return sends === 1 ? 'network-error' : { status: 200, body: { done: true } };
    });

    const answer = await sendKeyedWrite<{ done: boolean }>({
      method: 'POST',
      url: '/write',
      data: {},
    });
    await sendKeyedWrite({ method: 'POST', url: '/write', data: {} });

    expect(answer.data).toEqual({ done: true });
    const keys = server
      .calls('POST', '/write')
      .map((request) => request.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('given a keyed write the server refuses, when it answers, then it is not sent again', async () => {
    server.on('POST', '/refused', {
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', message: 'm' },
    });

    await expect(
      sendKeyedWrite({ method: 'POST', url: '/refused', data: {} }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(server.calls('POST', '/refused')).toHaveLength(1);
  });
});
