import { parseDateInput, type DateParseResult } from './parseDateInput';

/** The latest year a form's date may have: that of 9999-12-31 (spec 001 section 5). */
export const LATEST_FORM_YEAR = 9999;

/** Reads a form's date typed day first (`05/03/2026`, `5-3-2026`, or an ISO day), or why not. */
export function parseTypedDay(text: string): DateParseResult {
  return parseDateInput(text, { maxYear: LATEST_FORM_YEAR });
}

/** A form's date typed day first as `YYYY-MM-DD`; `undefined` while it is not a day. */
export function readTypedDay(text: string): string | undefined {
  const parsed = parseTypedDay(text);
  return parsed.ok ? parsed.date.api : undefined;
}
