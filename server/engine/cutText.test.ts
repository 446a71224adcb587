import { describe, expect, it } from 'vitest';
import { cutText } from './cutText';

describe('cutText', () => {
  it('given a text that fits, when cut, then it stays as it is', () => {
    expect(cutText('Call the customer.', 18)).toBe('Call the customer.');
  });

  it('given a longer text, when cut, then it ends with an ellipsis within the limit', () => {
    const cut = cutText('Call the customer back.', 10);
    expect(cut).toBe('Call the…');
    expect(cut.length).toBeLessThanOrEqual(10);
  });

  it('given an emoji across the limit, when cut, then no half of it is left', () => {
    const cut = cutText('abcd😀efgh', 6);
    expect(cut).toBe('abcd…');
  });
});
