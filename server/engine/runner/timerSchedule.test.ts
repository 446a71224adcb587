import { describe, expect, it } from 'vitest';
import { firstDue, isValidTimerText, nextDue, parseTimerCycle } from './timerSchedule';

const now = new Date('2026-03-02T09:00:00.000Z');

describe('timerSchedule', () => {
  it('given a duration, when scheduled, then it is due that long after now and does not repeat', () => {
    expect(firstDue('duration', 'PT4H', now)).toEqual({
      dueAt: new Date('2026-03-02T13:00:00.000Z'),
      repeatRemaining: null,
      repeatEvery: null,
    });
  });

  it('given a date without a zone, when scheduled, then it is read as UTC', () => {
    expect(firstDue('date', '2026-03-05T08:30', now)?.dueAt).toEqual(
      new Date('2026-03-05T08:30:00.000Z'),
    );
  });

  it('given a counted cycle, when scheduled, then the first firing is one period away and the rest are counted', () => {
    expect(firstDue('cycle', 'R3/PT1H', now)).toEqual({
      dueAt: new Date('2026-03-02T10:00:00.000Z'),
      repeatRemaining: 2,
      repeatEvery: 'PT1H',
    });
    expect(firstDue('cycle', 'R/P1D', now)?.repeatRemaining).toBe(-1);
  });

  it('given a cycle with a start that has passed, when scheduled, then it is due at the next period after now', () => {
    expect(firstDue('cycle', 'R/2026-03-01T00:00:00Z/PT12H', now)?.dueAt).toEqual(
      new Date('2026-03-02T12:00:00.000Z'),
    );
  });

  it.each(['P', 'PT', 'R0/PT1H', 'R2/PT0S', 'every hour', '2026-13-45'])(
    'given the text %s, when checked as a cycle or date, then it is refused',
    (text) => {
      expect(isValidTimerText('cycle', text) && firstDue('cycle', text, now)).toBeFalsy();
      expect(isValidTimerText('date', text)).toBe(false);
    },
  );

  it('given a zero-length period, when the next firing is asked for, then there is none', () => {
    expect(nextDue(now, 'PT0S')).toBeUndefined();
    expect(parseTimerCycle('R2/PT30M')?.repeats).toBe(2);
  });
});
