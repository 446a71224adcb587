import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
} from '../../src/core/format';
import type { Language, ValueDisplay, ValueFormat } from '../engine/displayNames';
import type { TemplateValues } from './templateValues';

/** What a tag ends with to read the stored value rather than its readable text. */
export const RAW_SUFFIX = '_raw';

/** A day as stored by date fields and records: `2026-03-05`. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A wall-clock date-time without a zone: `2026-03-05T14:30`, seconds optional. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;
/** An instant: an ISO date-time with its zone (`Z` or an offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Readable text of a date or moment held as ISO text; null for any other text. */
function dateText(text: string, language: Language): string | null {
  const trimmed = text.trim();
  if (ISO_DAY.test(trimmed)) return readableOrNull(formatDate(trimmed, language));
  if (WALL_CLOCK.test(trimmed)) return readableOrNull(formatDateTime(trimmed, language));
  if (INSTANT.test(trimmed)) {
    // Documents are read far from the server: an instant is written on the UTC clock, the
    // one the demo templates name, never the server's own time zone.
    const instant = new Date(trimmed);
    if (Number.isNaN(instant.getTime())) return null;
    const utcClock = instant.toISOString().slice(0, 16);
    return readableOrNull(formatDateTime(utcClock, language));
  }
  return null;
}

/** The formatters' "nothing" (`--`) as null, so the text is kept as it was. */
const readableOrNull = (text: string): string | null => (text === '--' ? null : text);

/** One scalar as the screens write it for a reader of `language`. */
function scalarText(value: string | number, language: Language, format?: ValueFormat): string {
  const label = format?.labels?.get(String(value))?.[language];
  if (label) return label;
  if (typeof value === 'number') {
    if (format?.currency) return formatAmount(value, language, format.currency);
    if (format?.percent) return formatPercent(value, language);
    return formatNumber(value, undefined, language);
  }
  return dateText(value, language) ?? value;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object or list of scalars as one line of text: its readable parts joined by commas. */
function joinedText(value: unknown, language: Language, format?: ValueFormat): string {
  if (typeof value === 'string' || typeof value === 'number') {
    return scalarText(value, language, format);
  }
  if (typeof value === 'boolean') return String(value);
  const parts = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  return parts
    .map((part) => joinedText(part, language, Array.isArray(value) ? format : undefined))
    .filter((text) => text !== '')
    .join(', ');
}

/**
 * One value for a template tag: scalars as text, a list of items (tasks, table rows) kept a
 * list of readable items so loops still repeat, booleans kept so conditions still hold.
 */
function readable(
  value: unknown,
  language: Language,
  display: ValueDisplay,
  format?: ValueFormat,
): unknown {
  if (typeof value === 'boolean' || value === '') return value;
  if (Array.isArray(value) && value.some(isRecord)) {
    return value.map((item) =>
      isRecord(item) ? readableValues(item, language, display) : joinedText(item, language),
    );
  }
  return joinedText(value, language, format);
}

/**
 * The values a template is filled with, written as the screens write them for a reader of
 * `language`, with the stored value beside each (`RAW_SUFFIX`):
 *
 * 1. `{name}` is readable text: a code with a label (a dictionary's or a choice's) as its
 *    label, an amount with its currency (`61 500,00 €`), a ratio as a percentage
 *    (`5,48 %`), other numbers with spaced thousands, a day as `DD MMM YYYY` and a moment
 *    as `DD MMM YYYY HH:mm` (UTC), an object or a list of scalars as its parts joined by
 *    commas. What each variable means comes from `display` (the process's forms, or the
 *    object definition's fields for a record).
 * 2. Booleans and empty text stay as they are, and a list of items stays a list of
 *    readable items, so `{#flag}`, `{#endedAt}` and `{#tasks}` sections behave as before.
 * 3. `{name_raw}` is the stored value (the code, the number, the ISO text), for templates
 *    that compare or compute; a value whose own name already ends in `_raw` wins over it.
 */
export function readableValues(
  values: TemplateValues,
  language: Language,
  display: ValueDisplay,
): TemplateValues {
  const target = Object.create(null) as TemplateValues;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    target[key] = readable(value, language, display, display.formatOf(key));
  }
  for (const [key, value] of Object.entries(values)) {
    const raw = `${key}${RAW_SUFFIX}`;
    if (value === undefined || value === null || Object.hasOwn(values, raw)) continue;
    target[raw] = value;
  }
  return target;
}
