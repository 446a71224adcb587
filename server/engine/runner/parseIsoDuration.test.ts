import { describe, expect, it } from 'vitest';
import { addIsoDuration, parseIsoDuration } from './parseIsoDuration';

describe('parseIsoDuration', () => {
  it.each([
    ['P3D', { days: 3 }],
    ['PT4H', { hours: 4 }],
    [
      'P1Y2M3W4DT5H6M7S',
      { years: 1, months: 2, weeks: 3, days: 4, hours: 5, minutes: 6, seconds: 7 },
    ],
    [' PT30M ', { minutes: 30 }],
  ])('given %s, when parsed, then the parts are read', (text, parts) => {
    expect(parseIsoDuration(text)).toMatchObject(parts);
  });

  it.each(['P', 'PT', 'P1DT', '3D', 'P-1D', 'P1.5D', 'tomorrow', ''])(
    'given %j, when parsed, then it is not a duration',
    (text) => {
      expect(parseIsoDuration(text)).toBeUndefined();
    },
  );
});

describe('addIsoDuration', () => {
  const add = (from: string, duration: string) =>
    addIsoDuration(
      new Date(from),
      parseIsoDuration(duration) ?? expect.unreachable(),
    ).toISOString();

  it.each([
    ['2026-03-02T09:00:00.000Z', 'P3D', '2026-03-05T09:00:00.000Z'],
    ['2026-03-02T22:00:00.000Z', 'PT4H', '2026-03-03T02:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 'P1M', '2026-02-28T10:00:00.000Z'],
    ['2028-02-29T10:00:00.000Z', 'P1Y', '2029-02-28T10:00:00.000Z'],
    ['2026-11-15T00:00:00.000Z', 'P3M', '2027-02-15T00:00:00.000Z'],
    ['2026-03-02T09:00:00.000Z', 'P1W', '2026-03-09T09:00:00.000Z'],
  ])('given %s plus %s, when added, then it is %s', (from, duration, expected) => {
    expect(add(from, duration)).toBe(expected);
  });
});
