import { describe, expect, it } from 'vitest';
import { groupThousands } from './groupThousands';

describe('groupThousands', () => {
  it('groups thousands with a narrow no-break space', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(2400)).toBe('2\u202f400');
    expect(groupThousands(1234567)).toBe('1\u202f234\u202f567');
    expect(groupThousands(-12000)).toBe('-12\u202f000');
  });
});
