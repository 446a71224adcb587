import type { FormatterModule } from 'i18next';
import { formatNumber } from '../core/format';

type Format = (value: unknown, lng: string | undefined, options: unknown) => string;

/**
 * i18next's formatter for the app: every number put into a message is written as the
 * screens write numbers (spec 001 section 9: a space between thousands, the language's
 * decimal separator), so "12 345 tasks selected" never reads "12345" or "12,345". It runs
 * with `interpolation.alwaysFormat`, so messages need no format name; named formats added
 * with `add` still apply to the values that name them, and text is left as it is.
 */
export function createNumberFormatter(): FormatterModule {
  const formats = new Map<string, Format>();
  return {
    type: 'formatter',
    init: () => undefined,
    add: (name, format) => {
      formats.set(name.toLowerCase(), format);
    },
    addCached: (name, cached) => {
      formats.set(name.toLowerCase(), (value, lng, options) => cached(lng, options)(value));
    },
    format: (value: unknown, format: string | undefined, lng: string | undefined, options) => {
      const named = format ? formats.get(format.trim().toLowerCase()) : undefined;
      if (named) return named(value, lng, options);
      return typeof value === 'number' ? formatNumber(value, undefined, lng) : value;
    },
  } as FormatterModule;
}
