import { describe, expect, it } from 'vitest';
import { LivePath } from '../../schemas/api/live';
import { fuzzRoutes, slowestLines } from '../../server/testing/routeFuzz';

/** The long proof (`TESSERA_PROOF=long`) sends a thousand requests a route; `npm test` a hundred. */
const LONG = process.env.TESSERA_PROOF === 'long';
const PER_ROUTE = LONG ? 1000 : 100;
/**
 * The slowest answer allowed. Every answer must take under a second, and the long proof
 * holds to that; `npm test` runs beside other test files on a shared machine, where a
 * pause of the whole process can stretch any one answer past a second by chance, so there
 * it only catches a hang (see docs/decisions.md, "Route fuzz").
 */
const SLOWEST_MS = LONG ? 1000 : 10_000;

describe('generated requests on every route, from its schema and beyond it', () => {
  it(`given the demo and ${PER_ROUTE} requests a route (schema-drawn, prototype keys, NUL and lone surrogates, overlong text, odd numbers, 10,000-deep nesting, 10 MB bodies, wrong content types, duplicate query keys) from every kind of caller, then no 5xx, every answer in time, Object.prototype untouched and nothing secret or failing in the log`, async () => {
    const result = await fuzzRoutes({ perRoute: PER_ROUTE, seed: 2026 });
    console.log(
      `route fuzz: ${result.routes} routes, ${result.requests} requests in ${result.seconds.toFixed(0)} s;` +
        ` ${JSON.stringify(result.counts)}, by kind ${JSON.stringify(result.kinds)};` +
        ` ten slowest answers:\n${slowestLines(result).join('\n')}`,
    );

    // Read from the app's own routes, so a route added later is fuzzed without a change here.
    expect(result.routes).toBeGreaterThan(60);
    expect(result.urls).toContain('GET /identity/signOut');
    expect(result.urls).toContain('POST /identity/login');
    expect(result.urls).toContain('POST /api/task/comments');
    expect(result.urls).toContain('PATCH /api/task/user-settings');
    // The live stream: sent only what it refuses before it opens (see liveEvents.test.ts).
    expect(result.urls).toContain(`GET ${LivePath.events}`);
    expect(result.urls.filter((url) => url.includes(':')).length).toBeGreaterThan(10);
    expect(result.requests).toBeGreaterThanOrEqual(result.routes * PER_ROUTE * 0.95);
    // Every kind beyond the schema reached every route.
    for (const count of Object.values(result.kinds)) expect(count).toBeGreaterThan(result.routes);
    expect(result.failures).toEqual([]);
    expect(result.counts['5xx']).toBe(0);
    expect(result.mismatches).toEqual([]);
    expect(result.prototypeChanges).toEqual([]);
    expect(result.errorLines).toEqual([]);
    expect(result.secretLines).toEqual([]);
    expect(result.slowest[0]?.milliseconds ?? 0).toBeLessThan(SLOWEST_MS);
    // Valid requests reach the handlers: of the schema-drawn ones, many are not refused.
    expect(result.counts['2xx']).toBeGreaterThan(result.kinds.schema / 10);
  }, 3_600_000);
});
