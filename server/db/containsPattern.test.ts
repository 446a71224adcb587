import { describe, expect, it } from 'vitest';
import { containsPattern } from './containsPattern';

describe('containsPattern', () => {
  it('given plain text, when made a pattern, then it is wrapped in wildcards', () => {
    expect(containsPattern('ada')).toBe('%ada%');
  });

  it('given LIKE wildcards and the escape character, when made a pattern, then each is escaped', () => {
    expect(containsPattern('a_b%c\\d')).toBe('%a\\_b\\%c\\\\d%');
  });
});
