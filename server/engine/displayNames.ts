import { fillTemplate } from '../../src/core/template';
import { SUPPORTED_LOCALES } from '../../schemas/forms/formConstants';
import { evaluateExpression, type EvaluationOptions } from './evaluateExpression';
import type { ExpressionNode, JsonValue, Variables } from './expressionAst';
import type { TemplatePart } from './parseTemplate';

/** An interface language (spec 000 section 9): what a name is rendered in. */
export type Language = (typeof SUPPORTED_LOCALES)[number];

/** Whether a text is one of the interface languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** A name rendered once per interface language, stored beside the plain `name` column. */
export type DisplayNames = Readonly<Record<Language, string>>;

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Number writers per language. English groups with commas as usual; Spanish and French
 * write the thousands separator as a plain space, as spec 001 (section 3) asks, and their
 * own decimal comma.
 */
const numberFormats: Readonly<Record<Language, Intl.NumberFormat>> = {
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
  es: new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2, useGrouping: 'always' }),
  fr: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }),
};

function formatNumber(value: number, language: Language): string {
  const parts = numberFormats[language].formatToParts(value);
  if (language === 'en') return parts.map((part) => part.value).join('');
  return parts.map((part) => (part.type === 'group' ? ' ' : part.value)).join('');
}

/**
 * Writes one value for a reader of `language`: numbers grouped per language, ISO dates and
 * date-times as `YYYY-MM-DD` (the display format of spec 000 section 9), lists joined by
 * commas, the rest as text. Codes (a dictionary value such as `mortgage`) stay codes.
 */
export function formatDisplayValue(value: JsonValue, language: Language): string {
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value === 'string') return ISO_DATE.exec(value.trim())?.[1] ?? value;
  if (Array.isArray(value))
    return value.map((item) => formatDisplayValue(item, language)).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** What may separate the parts of a name; left dangling when a part has no value. */
const SEPARATOR = '[:·\\-–—,;|/]';
const TRAILING = new RegExp(`(?:\\s*${SEPARATOR})+\\s*$`, 'u');
const LEADING = new RegExp(`^\\s*(?:${SEPARATOR}\\s*)+`, 'u');
const DOUBLED = new RegExp(`(\\s*${SEPARATOR})(?:\\s*${SEPARATOR})+`, 'gu');
const ONLY_SEPARATORS = new RegExp(`^(?:\\s|${SEPARATOR})*$`, 'u');
/** The linking words a demo name may end on before a value (`Approve loan of 1,000 for`). */
const TRAILING_LINK = /\s+(?:for|of|from|to|by|with|and)$/iu;

/**
 * Tidies a rendered name whose placeholders may have been empty: runs of spaces become one,
 * a separator that now ends or starts the name goes, and separators with nothing between
 * them become the first. `Compliance review: ` gives `Compliance review`, `A ·  · B` gives
 * `A · B`. When the name ended on a value that is missing (`endsInGap`), one English
 * linking word left at the end goes too (`Approve loan of 1,000 for`); other words are never
 * removed, so `Approve loan of  for Ana` keeps its `of`.
 */
export function tidyName(text: string, endsInGap = false): string {
  const tidy = (name: string): string =>
    name
      .replace(/\s+/gu, ' ')
      .replace(DOUBLED, '$1')
      .replace(TRAILING, '')
      .replace(LEADING, '')
      .trim();
  const once = tidy(text);
  return endsInGap ? tidy(once.replace(TRAILING_LINK, '')) : once;
}

/** Whether the last placeholder with text after it only separators has no value. */
function endsInGap(
  parts: readonly TemplatePart[],
  values: ReadonlyMap<ExpressionNode, JsonValue | null>,
): boolean {
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index];
    if (part === undefined) break;
    if (part.kind === 'text') {
      if (!ONLY_SEPARATORS.test(part.text)) return false;
      continue;
    }
    if (values.get(part.expression) !== null) return false;
    return true;
  }
  return false;
}

function isEmpty(value: JsonValue | null | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Renders a template once per language with {@link formatDisplayValue} and
 * {@link tidyName}; a missing value renders as nothing. An evaluation error (a bad type in
 * an expression) renders that placeholder as nothing too: a name is never worth failing a
 * step for.
 */
export function renderDisplayNames(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
): DisplayNames {
  // Each placeholder is evaluated once; the languages differ only in how values are written.
  const values = new Map<ExpressionNode, JsonValue | null>();
  for (const part of parts) {
    if (part.kind === 'placeholder') {
      const value = safeValue(part.expression, variables, options);
      values.set(part.expression, isEmpty(value) ? null : value);
    }
  }
  const gap = endsInGap(parts, values);
  const names = {} as Record<Language, string>;
  for (const language of SUPPORTED_LOCALES) {
    names[language] = tidyName(
      fillTemplate(parts, {
        valueOf: (expression) => values.get(expression) ?? null,
        format: (value) => formatDisplayValue(value as JsonValue, language),
      }),
      gap,
    );
  }
  return names;
}

/**
 * The case's names from a process's `caseName` template, or null while any value it reads
 * is still empty: until the data is known the instance keeps its start name.
 */
export function caseDisplayNames(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
): DisplayNames | null {
  for (const part of parts) {
    if (part.kind !== 'placeholder') continue;
    if (isEmpty(safeValue(part.expression, variables, options))) return null;
  }
  const names = renderDisplayNames(parts, variables, options);
  return names.en === '' ? null : names;
}

function safeValue(
  expression: ExpressionNode,
  variables: Variables,
  options: EvaluationOptions,
): JsonValue | null {
  try {
    return evaluateExpression(expression, variables, options);
  } catch {
    return null;
  }
}

/**
 * A stored name in the reader's language: the `display_names` entry, or the plain name for
 * rows written before names were rendered per language.
 */
export function pickDisplayName(
  displayNames: Partial<Record<string, string>> | null | undefined,
  name: string,
  language: Language | undefined,
): string {
  const picked = displayNames?.[language ?? 'en'];
  return typeof picked === 'string' && picked !== '' ? picked : name;
}
