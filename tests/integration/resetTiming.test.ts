import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe('the timing of a reset request', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  const timedRequest = async (email: string): Promise<number> => {
    const started = performance.now();
    const response = await server.app.inject({
      method: 'POST',
      url: IdentityPath.resetRequest,
      headers: { host: 'localhost' },
      payload: { email },
    });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(202);
    // The mail of one request must not slow the next one's answer.
    await server.app.afterAnswer.settled();
    return elapsed;
  };

  it('given 40 requests for an existing and 40 for a missing email, when answered, then their medians are within 20%', async () => {
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 5; i += 1) await timedRequest(`warm-up${i}@tessera.example`);
    for (let i = 0; i < 40; i += 1) {
      // A fresh hour for the user, so every existing request would write a code and a mail.
      await server.database.db.deleteFrom('password_resets').execute();
      existing.push(await timedRequest('lucas.martin@tessera.example'));
      missing.push(await timedRequest(`nobody${i}@tessera.example`));
    }
    const [a, b] = [median(existing), median(missing)];
    console.info(`reset request median: existing ${a.toFixed(2)} ms, missing ${b.toFixed(2)} ms`);
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(1.2);
  });
});
