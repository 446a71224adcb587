import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPkcePair, randomToken } from './pkce';

describe('pkce', () => {
  it('given a new pair, when its challenge is recomputed, then it is the S256 of the verifier', async () => {
    const pair = await createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toBe(createHash('sha256').update(pair.verifier).digest('base64url'));
  });

  it('given two tokens, when compared, then they differ and use only base64url characters', () => {
    const first = randomToken();
    expect(first).not.toBe(randomToken());
    expect(first).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
