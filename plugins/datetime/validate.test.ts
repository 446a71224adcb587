import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { formatDateTime, displayFormatOf } from './formatDateTime';
import rules from './rules';
import {
  isDateTime,
  readDateTime,
  sampleDateTime,
  sanitizeDateTime,
  validateDateTime,
} from './validate';
import { compileForm } from '../compiler';

function fieldOf(written: Record<string, unknown>): NormalizedField {
  const result = compileForm({ key: 'at', fields: [{ id: 'at', name: 'At', ...written }] });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error('not compiled');
  return field;
}

const plain = fieldOf({ type: 'datetime' });
const bounded = fieldOf({
  type: 'datetime',
  minValue: '2026-03-01T09:00',
  maxValue: '2026-03-31T17:30:00.000Z',
});

describe('datetime rules', () => {
  it('given stored and typed date-times, when sanitised, then each becomes wall-clock YYYY-MM-DDTHH:mm and unreadable text is kept', () => {
    expect(sanitizeDateTime('2026-03-05T14:30')).toBe('2026-03-05T14:30');
    expect(sanitizeDateTime(' 2026-03-05T14:30:59.123 ')).toBe('2026-03-05T14:30');
    expect(sanitizeDateTime('2026-03-05 14:30')).toBe('2026-03-05T14:30');
    expect(sanitizeDateTime('2026-03-05T14:30:00Z')).toBe('2026-03-05T14:30');
    expect(sanitizeDateTime('2026-03-05T14:30:00+01:00')).toBe('2026-03-05T13:30');
    expect(sanitizeDateTime('2026-03-05T23:30:00-02:00')).toBe('2026-03-06T01:30');
    expect(sanitizeDateTime('tomorrow at ten')).toBe('tomorrow at ten');
    expect(sanitizeDateTime('')).toBeNull();
    expect(sanitizeDateTime(42)).toBeNull();
    // Idempotent.
    expect(sanitizeDateTime(sanitizeDateTime('2026-03-05T14:30:00+01:00'))).toBe(
      '2026-03-05T13:30',
    );
  });

  it('given a year being typed digit by digit, when checked, then the short years are real moments, so the input is never emptied', () => {
    expect(isDateTime('0002-03-05T14:30')).toBe(true);
    expect(isDateTime('0020-03-05T14:30')).toBe(true);
    expect(isDateTime('0000-03-05T14:30')).toBe(false);
    expect(isDateTime('2026-02-30T10:00')).toBe(false);
    expect(isDateTime('2026-02-28T24:00')).toBe(false);
    expect(isDateTime('2026-02-28T10:60')).toBe(false);
    expect(readDateTime('2026-02-28')).toBeUndefined();
  });

  it('given bounds, when a value is validated, then it answers codes with the limit', () => {
    expect(validateDateTime('2026-03-10T10:00', bounded)).toEqual([]);
    expect(validateDateTime('2026-03-01T08:59', bounded)).toEqual([
      { code: 'validation.datetime.min', params: { limit: '2026-03-01 09:00' } },
    ]);
    expect(validateDateTime('2026-03-31T17:31', bounded)).toEqual([
      { code: 'validation.datetime.max', params: { limit: '2026-03-31 17:30' } },
    ]);
    expect(validateDateTime('soon', plain)).toEqual([
      { code: 'validation.datetime.invalid', params: {} },
    ]);
    expect(validateDateTime('10000-01-01T00:00', plain)).toEqual([
      { code: 'validation.datetime.invalid', params: {} },
    ]);
    expect(rules.validate(null, plain)).toEqual([]);
  });

  it('given a field, when Autofill asks, then its sample passes its own rules', () => {
    const context = { today: '2026-11-24' };
    expect(rules.sampleValue?.(plain, context)).toBe('2026-11-24T09:00');
    const sample = sampleDateTime(bounded, context.today);
    expect(sample).toBe('2026-03-31T17:30');
    expect(validateDateTime(sample ?? null, bounded)).toEqual([]);
  });

  it('given a display format, when a value is read, then it is shown that way in the reader’s language', () => {
    const formatted = fieldOf({ type: 'datetime', dateDisplayFormat: 'D-M-YYYY hh:mm A' });
    expect(displayFormatOf(formatted)).toBe('D-M-YYYY hh:mm A');
    expect(formatDateTime('2026-03-05T14:30', 'en', displayFormatOf(formatted))).toBe(
      '5-3-2026 02:30 PM',
    );
    expect(formatDateTime('2026-03-05T14:30', 'fr')).toBe('05 mars 2026 14:30');
    const inParams = fieldOf({
      type: 'datetime',
      params: { dateDisplayFormat: 'YYYY/MM/DD HH:mm' },
    });
    expect(displayFormatOf(inParams)).toBe('YYYY/MM/DD HH:mm');
    expect(formatDateTime('not a time', 'en')).toBe('not a time');
  });
});

describe('a date-time field in a report', () => {
  it('given a stored wall-clock moment, when a report shows it, then it is a report date with its time', () => {
    expect(rules.reportText?.('2026-03-05T14:30', 'en')).toBe('05/Mar/2026 14:30');
    expect(rules.reportText?.('2026-03-05T14:30:15', 'en')).toBe('05/Mar/2026 14:30');
    expect(rules.reportText?.('2026-03-05', 'en')).toBeUndefined();
    expect(rules.reportText?.('tomorrow at noon', 'en')).toBeUndefined();
  });
});
