import type { NormalizedField } from '../../schemas/forms';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';
import { parseTypedDay } from '../../src/core/dates/readTypedDay';

/** The latest date a field without a mask accepts (spec 001 section 5). */
export const LATEST_DATE = '9999-12-31';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // `Date.UTC` reads years 0-99 as 1900-1999; a browser's date input holds `0002-01-15`
  // while the year is being typed, and refusing it would wipe what was typed.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The display mask of a field (`D-M-YYYY`), if its author set one. */
export function dateMaskOf(field: NormalizedField): string | undefined {
  const { mask, params, dateDisplayFormat } = field.config;
  if (typeof mask === 'string' && mask !== '') return mask;
  if (typeof dateDisplayFormat === 'string' && dateDisplayFormat !== '') return dateDisplayFormat;
  if (typeof params === 'object' && params !== null) {
    const format = (params as Record<string, unknown>).dateDisplayFormat;
    if (typeof format === 'string' && format !== '') return format;
  }
  return undefined;
}

/** The bounds of a date field: its own min/max, and 9999-12-31 when there is no mask. */
export function dateBoundsOf(field: NormalizedField): { min?: string; max?: string } {
  const min = typeof field.validation.min === 'string' ? field.validation.min : undefined;
  const ownMax = typeof field.validation.max === 'string' ? field.validation.max : undefined;
  const max = ownMax ?? (dateMaskOf(field) === undefined ? LATEST_DATE : undefined);
  return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
}

/** A date field's saved value: `YYYY-MM-DD`, nothing, or text that is not a date. */
export function sanitizeDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  // A stored date-time keeps its day: `2024-03-01T00:00:00Z` is 1 March.
  const day = /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
  return day;
}

/**
 * Why text that is not a day was refused, by kind (the due-date filter's messages: the
 * format, the month, the day in that month). A field with an author's format has one
 * message, since its shape is the author's.
 */
function notADay(value: string, field: NormalizedField): ValidationError {
  if (dateMaskOf(field) !== undefined) return validationError('validation.date');
  const parsed = parseTypedDay(value);
  return parsed.ok
    ? validationError('validation.date')
    : validationError(`dashboard.dateError.${parsed.error}`);
}

/** Checks a date: a real day, within its bounds. ISO strings compare in date order. */
export function validateDate(value: string | null, field: NormalizedField): ValidationError[] {
  if (value === null) return [];
  if (!isIsoDate(value)) return [notADay(value, field)];
  const { min, max } = dateBoundsOf(field);
  if (min !== undefined && value < min)
    return [validationError('validation.dateMin', { limit: min })];
  if (max !== undefined && value > max)
    return [validationError('validation.dateMax', { limit: max })];
  return [];
}
