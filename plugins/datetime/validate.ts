import type { NormalizedField } from '../../schemas/forms';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** The latest moment a field accepts: a five-digit year cannot be typed past it. */
export const LATEST_DATE_TIME = '9999-12-31T23:59';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
// What stored variables and exports hold: seconds, fractions and a zone are optional.
const STORED =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Whether a string is a real moment written `YYYY-MM-DDTHH:mm` (local wall-clock time). */
export function isDateTime(value: string): boolean {
  const match = WALL_CLOCK.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return false;
  // Years 1-99 are real while a year is typed digit by digit (`0002-…`): `Date.UTC` would
  // read them as 1900-1999 and refuse them, wiping what was typed.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * Reads a stored or exported date-time as `YYYY-MM-DDTHH:mm`: seconds are dropped, and one
 * written with a zone (`2024-03-01T09:30:00.000Z`, `…+01:00`) is read as UTC wall time, so
 * the browser and the server read it the same way whatever their own zone. `undefined`
 * when the text is not a date-time.
 */
export function readDateTime(text: string): string | undefined {
  const match = STORED.exec(text.trim());
  if (!match) return undefined;
  const [, day, time, zone] = match as unknown as [string, string, string, string | undefined];
  const wall = `${day}T${time}`;
  if (zone === undefined || zone === 'Z' || /^[+-]00:?00$/.test(zone)) return wall;
  const sign = zone.startsWith('-') ? 1 : -1;
  const digits = zone.replace(':', '');
  const offset = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  const instant = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(instant)) return wall;
  return new Date(instant + offset * 60_000).toISOString().slice(0, 16);
}

/** A date-time field's saved value: `YYYY-MM-DDTHH:mm`, nothing, or text that is not one. */
export function sanitizeDateTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  // Kept as typed when unreadable, so validation names the problem instead of losing it.
  return readDateTime(text) ?? text;
}

/** The bounds of a date-time field: its own min/max (read as date-times), and the latest. */
export function dateTimeBoundsOf(field: NormalizedField): { min?: string; max?: string } {
  const bound = (value: unknown) =>
    typeof value === 'string' && value !== '' ? readDateTime(value) : undefined;
  const min = bound(field.validation.min);
  const max = bound(field.validation.max) ?? LATEST_DATE_TIME;
  return { ...(min ? { min } : {}), max };
}

/** Checks a date-time: a real moment, within its bounds. These strings sort in time order. */
export function validateDateTime(value: string | null, field: NormalizedField): ValidationError[] {
  if (value === null) return [];
  if (!isDateTime(value)) return [validationError('validation.datetime.invalid')];
  const { min, max } = dateTimeBoundsOf(field);
  if (min !== undefined && value < min) {
    return [validationError('validation.datetime.min', { limit: min.replace('T', ' ') })];
  }
  if (max !== undefined && value > max) {
    return [validationError('validation.datetime.max', { limit: max.replace('T', ' ') })];
  }
  return [];
}

/**
 * A moment for the task page's Autofill: today at nine, or the nearest bound when that is
 * outside them. `undefined` when the bounds leave nothing.
 */
export function sampleDateTime(field: NormalizedField, today: string): string | undefined {
  const { min, max } = dateTimeBoundsOf(field);
  let moment = `${today}T09:00`;
  if (min !== undefined && moment < min) moment = min;
  if (max !== undefined && moment > max) moment = max;
  return validateDateTime(moment, field).length === 0 ? moment : undefined;
}
