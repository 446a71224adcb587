import { describe, expect, it } from 'vitest';
import { dateWindows, dayRange } from './dateWindows';

describe('dateWindows', () => {
  it('given a Wednesday afternoon, when cutting windows, then today ends at midnight and the week on Monday', () => {
    const windows = dateWindows(new Date('2026-03-04T15:30:00.000Z'));
    expect(windows.todayStart.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(windows.tomorrowStart.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(windows.weekEnd.toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('given a Sunday, when cutting windows, then the week ends with the day', () => {
    const windows = dateWindows(new Date('2026-03-08T23:59:59.000Z'));
    expect(windows.weekEnd.toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('given a Monday just after midnight, when cutting windows, then the whole week lies ahead', () => {
    const windows = dateWindows(new Date('2026-03-09T00:00:01.000Z'));
    expect(windows.todayStart.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(windows.weekEnd.toISOString()).toBe('2026-03-16T00:00:00.000Z');
  });
});

describe('dayRange', () => {
  it('given a real day, when parsed, then the UTC day as a half-open range', () => {
    expect(dayRange('2026-02-28')).toEqual({
      start: new Date('2026-02-28T00:00:00.000Z'),
      end: new Date('2026-03-01T00:00:00.000Z'),
    });
  });

  it('given a day that does not exist, when parsed, then undefined', () => {
    expect(dayRange('2026-02-31')).toBeUndefined();
    expect(dayRange('2026-13-01')).toBeUndefined();
    expect(dayRange('26-01-01')).toBeUndefined();
  });
});
