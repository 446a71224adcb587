import { describe, expect, it } from 'vitest';
import { DueDateFlag, dueDateFlag } from './dueDateFlag';

// Wednesday 10 June 2026, 10:00 UTC: the week runs Monday 8 to Sunday 14.
const now = new Date('2026-06-10T10:00:00Z');
const at = (iso: string) => new Date(iso).toISOString();

describe('dueDateFlag', () => {
  it('is slate without a date or with an unreadable one', () => {
    expect(dueDateFlag(null, now)).toBe(DueDateFlag.none);
    expect(dueDateFlag(undefined, now)).toBe(DueDateFlag.none);
    expect(dueDateFlag('not a date', now)).toBe(DueDateFlag.none);
  });

  it('is red before today', () => {
    expect(dueDateFlag(at('2026-06-09T23:59:59Z'), now)).toBe(DueDateFlag.past);
    expect(dueDateFlag(at('2026-06-01T12:00:00Z'), now)).toBe(DueDateFlag.past);
  });

  it('is green all of today, even hours already gone', () => {
    expect(dueDateFlag(at('2026-06-10T00:00:00Z'), now)).toBe(DueDateFlag.today);
    expect(dueDateFlag(at('2026-06-10T08:00:00Z'), now)).toBe(DueDateFlag.today);
    expect(dueDateFlag(at('2026-06-10T23:59:00Z'), now)).toBe(DueDateFlag.today);
    expect(dueDateFlag('2026-06-10', now)).toBe(DueDateFlag.today);
  });

  it('is grey for the rest of the week, up to Sunday', () => {
    expect(dueDateFlag(at('2026-06-11T00:00:00Z'), now)).toBe(DueDateFlag.thisWeek);
    expect(dueDateFlag(at('2026-06-14T23:00:00Z'), now)).toBe(DueDateFlag.thisWeek);
  });

  it('is blue after this week', () => {
    expect(dueDateFlag(at('2026-06-15T00:00:00Z'), now)).toBe(DueDateFlag.later);
    expect(dueDateFlag(at('2026-09-01T12:00:00Z'), now)).toBe(DueDateFlag.later);
  });

  it('counts Sunday as the last day of its week', () => {
    const sunday = new Date('2026-06-14T09:00:00Z');
    expect(dueDateFlag(at('2026-06-14T18:00:00Z'), sunday)).toBe(DueDateFlag.today);
    expect(dueDateFlag(at('2026-06-15T08:00:00Z'), sunday)).toBe(DueDateFlag.later);
  });

  it('cuts days by the UTC calendar, as the quick filters do', () => {
    const lateEvening = new Date('2026-06-10T23:30:00Z');
    expect(dueDateFlag(at('2026-06-11T00:30:00Z'), lateEvening)).toBe(DueDateFlag.thisWeek);
  });
});
