import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './formatTimestamp';

// A local time, so the expectation does not depend on the machine's time zone.
const MOMENT = new Date(2026, 3, 5, 15, 4).toISOString();

describe('formatTimestamp', () => {
  it('writes the moment in each supported language', () => {
    expect(formatTimestamp(MOMENT, 'en')).toBe('Apr 5, 2026 3:04 PM');
    expect(formatTimestamp(MOMENT, 'es')).toBe('5 de abr de 2026 15:04');
    expect(formatTimestamp(MOMENT, 'fr')).toBe('5 avr. 2026 15:04');
  });

  it('answers -- for a missing or unreadable moment', () => {
    expect(formatTimestamp(null, 'en')).toBe('--');
    expect(formatTimestamp('not a date', 'en')).toBe('--');
  });
});
