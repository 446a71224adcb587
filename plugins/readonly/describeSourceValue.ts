import type { Translate } from '../../src/core/forms/fields/translate';
import { formatNumber } from '../../src/core/format';
import { formatDate } from '../date/formatDate';
import { sanitizeDate } from '../date/validate';
import { formatDateTime } from '../datetime/formatDateTime';
import { sanitizeDateTime } from '../datetime/validate';

/** A choice as the reader sees it. */
export interface SourceOption {
  /** The stored value. */
  readonly value: unknown;
  /** Its label in the form's language. */
  readonly label: string;
}

const NUMBER_TYPES = new Set(['number', 'integer', 'decimal', 'amount']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A person or a file as APS stores them: an object with a name.
function nameOf(value: Record<string, unknown>): string | undefined {
  const full = [value.firstName, value.lastName].filter((part) => typeof part === 'string');
  if (full.length > 0) return full.join(' ');
  for (const key of ['name', 'label', 'title', 'email', 'id']) {
    if (typeof value[key] === 'string' || typeof value[key] === 'number') return String(value[key]);
  }
  return undefined;
}

/**
 * A value formatted by the type of the field it comes from: a day or a date-time in the
 * reader's language, a number with grouped thousands, yes/no, a choice by its label, a
 * person by name; lists joined with commas. Empty text for nothing.
 */
export function describeSourceValue(
  value: unknown,
  type: string | undefined,
  options: readonly SourceOption[],
  locale: string,
  t: Translate,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) {
    return value
      .map((item: unknown) => describeSourceValue(item, type, options, locale, t))
      .join(', ');
  }
  const option = options.find((candidate) => candidate.value === value);
  if (option) return option.label;
  if (typeof value === 'boolean') return t(value ? 'fields.boolean.yes' : 'fields.boolean.no');
  if (type === 'date' && typeof value === 'string') {
    return formatDate(sanitizeDate(value) ?? value, locale);
  }
  if (type === 'datetime' && typeof value === 'string') {
    return formatDateTime(sanitizeDateTime(value) ?? value, locale);
  }
  if (typeof value === 'number') {
    return formatNumber(value, type === 'amount' ? 2 : undefined, locale);
  }
  if (typeof value === 'string' && type !== undefined && NUMBER_TYPES.has(type)) {
    const number = Number(value);
    if (value.trim() !== '' && Number.isFinite(number)) {
      return formatNumber(number, type === 'amount' ? 2 : undefined, locale);
    }
  }
  if (typeof value === 'string') return value;
  if (isRecord(value)) return nameOf(value) ?? JSON.stringify(value);
  return JSON.stringify(value);
}
