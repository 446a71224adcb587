import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { AgeUnit, formatRelativeAge, relativeAge } from './formatRelativeAge';

const now = new Date('2026-06-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeAge', () => {
  it('tells the age in the largest whole unit', () => {
    expect(relativeAge(ago(20_000), now)).toEqual({ unit: AgeUnit.justNow, value: 0 });
    expect(relativeAge(ago(5 * MIN + 30_000), now)).toEqual({ unit: AgeUnit.minutes, value: 5 });
    expect(relativeAge(ago(59 * MIN), now)).toEqual({ unit: AgeUnit.minutes, value: 59 });
    expect(relativeAge(ago(2 * HOUR + 10 * MIN), now)).toEqual({ unit: AgeUnit.hours, value: 2 });
    expect(relativeAge(ago(3 * DAY + HOUR), now)).toEqual({ unit: AgeUnit.days, value: 3 });
    expect(relativeAge('2026-03-01T12:00:00Z', now)).toEqual({ unit: AgeUnit.months, value: 3 });
    expect(relativeAge('2024-01-01T12:00:00Z', now)).toEqual({ unit: AgeUnit.years, value: 2 });
  });

  it('counts a moment a little ahead of the clock as just now', () => {
    expect(relativeAge(ago(-30_000), now)).toEqual({ unit: AgeUnit.justNow, value: 0 });
  });

  it('answers null for a missing or unreadable moment', () => {
    expect(relativeAge(null, now)).toBeNull();
    expect(relativeAge('', now)).toBeNull();
    expect(relativeAge('yesterday-ish', now)).toBeNull();
  });
});

describe('formatRelativeAge', () => {
  const en = i18n.getFixedT('en');
  const es = i18n.getFixedT('es');
  const fr = i18n.getFixedT('fr');

  it('reads "5m ago", "2h ago", "3d ago" in English', () => {
    expect(formatRelativeAge(ago(5 * MIN), en, now)).toBe('5m ago');
    expect(formatRelativeAge(ago(2 * HOUR), en, now)).toBe('2h ago');
    expect(formatRelativeAge(ago(3 * DAY), en, now)).toBe('3d ago');
    expect(formatRelativeAge(ago(1000), en, now)).toBe('just now');
  });

  it('puts "ago" first in French', () => {
    expect(formatRelativeAge(ago(5 * MIN), fr, now)).toBe('il y a 5 min');
    expect(formatRelativeAge(ago(2 * HOUR), fr, now)).toBe('il y a 2 h');
    expect(formatRelativeAge(ago(3 * DAY), fr, now)).toBe('il y a 3 j');
    expect(formatRelativeAge('2025-06-01T12:00:00Z', fr, now)).toBe('il y a 1 an');
  });

  it('reads "hace 5 min" in Spanish, with plural months', () => {
    expect(formatRelativeAge(ago(5 * MIN), es, now)).toBe('hace 5 min');
    expect(formatRelativeAge(ago(3 * DAY), es, now)).toBe('hace 3 d');
    expect(formatRelativeAge('2026-05-01T12:00:00Z', es, now)).toBe('hace 1 mes');
    expect(formatRelativeAge('2026-03-01T12:00:00Z', es, now)).toBe('hace 3 meses');
  });

  it('shows -- when the moment cannot be read', () => {
    expect(formatRelativeAge(null, en, now)).toBe('--');
    expect(formatRelativeAge('garbage', fr, now)).toBe('--');
  });
});
