import { describe, expect, it } from 'vitest';
import { parseTypedDay, readTypedDay } from './readTypedDay';

describe('readTypedDay', () => {
  it('given a form date typed day first, when read, then it is the ISO day, years up to 9999', () => {
    expect(readTypedDay('05/03/2026')).toBe('2026-03-05');
    expect(readTypedDay('5-3-2026')).toBe('2026-03-05');
    expect(readTypedDay('2026-03-05')).toBe('2026-03-05');
    expect(readTypedDay('31/12/9999')).toBe('9999-12-31');
    expect(readTypedDay('05/03/20')).toBe('0020-03-05');
  });

  it('given text that is no day, when read, then it is nothing and the reason has a kind', () => {
    expect(readTypedDay('05/03')).toBeUndefined();
    expect(parseTypedDay('29/02/2027')).toEqual({ ok: false, error: 'invalidDate' });
    expect(parseTypedDay('01/13/2026')).toEqual({ ok: false, error: 'invalidMonth' });
  });
});
