import { describe, expect, it } from 'vitest';
import { formatReportDate } from './formatReportDate';

// A local moment, so the expectations hold in any time zone the tests run in.
const moment = new Date(2026, 10, 4, 9, 5).toISOString();

describe('formatReportDate', () => {
  it('writes DD/MMM/YYYY in the language, without the abbreviation dot', () => {
    expect(formatReportDate(moment, 'en')).toBe('04/Nov/2026');
    expect(formatReportDate(moment, 'es')).toBe('04/nov/2026');
    expect(formatReportDate(moment, 'fr')).toBe('04/nov/2026');
  });

  it('adds HH:mm for loan applications', () => {
    expect(formatReportDate(moment, 'en', true)).toBe('04/Nov/2026 09:05');
  });

  it('answers -- for a missing or unreadable moment', () => {
    expect(formatReportDate(null, 'en')).toBe('--');
    expect(formatReportDate('not a date', 'en')).toBe('--');
  });
});
