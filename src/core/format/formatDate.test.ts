import { describe, expect, it } from 'vitest';
import { formatDate } from './formatDate';
import { formatDateTime } from './formatDateTime';
import { formatListDate } from './formatListDate';
import { formatStamp } from './formatStamp';

// Local moments, so the expectations hold in any time zone the tests run in.
const EVENING = new Date(2026, 10, 27, 22, 33).toISOString();

describe('formatDate', () => {
  it('given a day, when written in each language, then it is DD MMM YYYY with its month name', () => {
    expect(formatDate('2004-11-25', 'en')).toBe('25 Nov 2004');
    expect(formatDate('2004-11-25', 'es')).toBe('25 nov 2004');
    expect(formatDate('2004-11-25', 'fr')).toBe('25 nov. 2004');
    expect(formatDate('2026-03-05', 'fr')).toBe('05 mars 2026');
  });

  it('given an instant, when written, then it is the reader’s day', () => {
    expect(formatDate(EVENING, 'en')).toBe('27 Nov 2026');
  });

  it('given nothing or an unreadable value, when written, then it is --', () => {
    expect(formatDate(null, 'en')).toBe('--');
    expect(formatDate('not a date', 'fr')).toBe('--');
  });
});

describe('formatDateTime', () => {
  it('given an instant, when written in each language, then it is DD MMM YYYY HH:mm', () => {
    expect(formatDateTime(EVENING, 'en')).toBe('27 Nov 2026 22:33');
    expect(formatDateTime(EVENING, 'es')).toBe('27 nov 2026 22:33');
    expect(formatDateTime(EVENING, 'fr')).toBe('27 nov. 2026 22:33');
  });

  it('given a wall-clock date-time, when written, then its clock is kept', () => {
    expect(formatDateTime('2026-03-05T14:30', 'fr')).toBe('05 mars 2026 14:30');
  });

  it('given nothing, when written, then it is --', () => {
    expect(formatDateTime(undefined, 'en')).toBe('--');
  });
});

describe('formatListDate', () => {
  it('given a day or an instant, when listed, then it is the UTC day as YYYY-MM-DD', () => {
    expect(formatListDate('2026-06-11T12:00:00Z')).toBe('2026-06-11');
    expect(formatListDate('2026-06-11')).toBe('2026-06-11');
  });

  it('given nothing or nonsense, when listed, then it is --', () => {
    expect(formatListDate(null)).toBe('--');
    expect(formatListDate('nonsense')).toBe('--');
  });
});

describe('formatStamp', () => {
  it('given a moment, when stamped, then it reads YYYY-MM-DD HH:mm in the local clock', () => {
    expect(formatStamp(new Date(2026, 10, 27, 22, 33, 59))).toBe('2026-11-27 22:33');
  });
});
