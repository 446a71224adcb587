import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwordHash';

const fast = { log2N: 10, r: 8, p: 1 };

describe('passwordHash', () => {
  it('given a hashed password, when verified with it, then it matches and the salt differs each time', async () => {
    const first = await hashPassword('Tessera#2026', fast);
    const second = await hashPassword('Tessera#2026', fast);
    expect(first).toMatch(/^scrypt\$10\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Tessera#2026', first)).toBe(true);
  });

  it('given a hashed password, when verified with another, then it does not match', async () => {
    const stored = await hashPassword('Tessera#2026', fast);
    expect(await verifyPassword('Tessera#2027', stored)).toBe(false);
  });

  it('given a malformed hash, when verified, then it never matches', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$abc$def')).toBe(false);
  });

  it('given a hash made with weaker parameters, when checked, then it needs a rehash', async () => {
    const stored = await hashPassword('Tessera#2026', fast);
    expect(needsRehash(stored, fast)).toBe(false);
    expect(needsRehash(stored, { log2N: 12, r: 8, p: 1 })).toBe(true);
  });
});
