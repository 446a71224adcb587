import { describe, expect, it } from 'vitest';
import { fuzzRoutes } from '../../server/testing/routeFuzz';

describe('generated requests on every route', () => {
  it('given the demo and requests drawn from each route schema, when sent by every kind of caller, then no route answers 5xx and the log holds no error', async () => {
    // A few per route here; `npm run fuzz:routes` sends a thousand.
    const result = await fuzzRoutes({ perRoute: 15, seed: 2026 });

    expect(result.routes).toBeGreaterThan(60);
    expect(result.failures).toEqual([]);
    expect(result.counts['5xx']).toBe(0);
    expect(result.errorLines).toEqual([]);
    // Valid requests reach the handlers: some of every route's answers are not refusals.
    expect(result.counts['2xx']).toBeGreaterThan(result.requests / 20);
  }, 600_000);
});
