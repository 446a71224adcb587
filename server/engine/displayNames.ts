import { formatAmount, formatNumber, formatPercent } from '../../src/core/format';
import { fillTemplate } from '../../src/core/template';
import { SUPPORTED_LOCALES } from '../../schemas/forms/formConstants';
import { evaluateExpression, type EvaluationOptions } from './expressions/evaluateExpression';
import type { ExpressionNode, JsonValue, Variables } from './expressions/expressionAst';
import type { TemplatePart } from './expressions/parseTemplate';

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
 * How the case data of one variable reads in a name: a stored code's label per language (a
 * dictionary's or a choice's), the currency of an amount, or a ratio to show as a percentage.
 * Built from the process's forms (valueDisplay.ts); a variable without one is written plainly.
 */
export interface ValueFormat {
  /** Labels of the codes the variable stores, by code, in every language. */
  readonly labels?: ReadonlyMap<string, Readonly<Record<Language, string>>>;
  /** ISO currency of an amount (`EUR`). */
  readonly currency?: string;
  /** A ratio (`0.0548`) shown as a percentage (`5.48 %`). */
  readonly percent?: boolean;
}

/** What a variable means, for the names that show it; nothing is known by default. */
export interface ValueDisplay {
  formatOf(variable: string): ValueFormat | undefined;
}

/** The display of a process whose forms say nothing about its variables. */
export const PLAIN_DISPLAY: ValueDisplay = { formatOf: () => undefined };

function formatNameNumber(value: number, language: Language, format?: ValueFormat): string {
  if (format?.currency) return formatAmount(value, language, format.currency);
  if (format?.percent) return formatPercent(value, language);
  // A plain number to at most two decimals, as names have always shown them.
  return formatNumber(
    Number.isInteger(value) ? value : Number(value.toFixed(2)),
    undefined,
    language,
  );
}

/**
 * Writes one value for a reader of `language` with the app's one set of formatters: numbers
 * with a space between thousands in every language (spec 001 section 9), amounts with their
 * currency and ratios as percentages when `format` says so, a code with a label as its
 * label, ISO dates and date-times as `YYYY-MM-DD` (the display format of spec 000 section
 * 9), lists joined by commas, the rest as text.
 */
export function formatDisplayValue(
  value: JsonValue,
  language: Language,
  format?: ValueFormat,
): string {
  if ((typeof value === 'string' || typeof value === 'number') && format?.labels) {
    const label = format.labels.get(String(value))?.[language];
    if (label) return label;
  }
  if (typeof value === 'number') return formatNameNumber(value, language, format);
  if (typeof value === 'string') return ISO_DATE.exec(value.trim())?.[1] ?? value;
  if (Array.isArray(value))
    return value.map((item) => formatDisplayValue(item, language, format)).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** The variable a placeholder shows when it is one (`${loanProduct}`), for its format. */
function variableOf(expression: ExpressionNode): string | undefined {
  return expression.kind === 'variable' && expression.path.length === 1
    ? expression.path[0]
    : undefined;
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

/** Each placeholder's value, evaluated once; a missing or failing one is null. */
function placeholderValues(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions,
): Map<ExpressionNode, JsonValue | null> {
  const values = new Map<ExpressionNode, JsonValue | null>();
  for (const part of parts) {
    if (part.kind === 'placeholder') {
      const value = safeValue(part.expression, variables, options);
      values.set(part.expression, isEmpty(value) ? null : value);
    }
  }
  return values;
}

/** The template once per language: the same values, written the way each language writes them. */
function perLanguage(
  parts: readonly TemplatePart[],
  values: ReadonlyMap<ExpressionNode, JsonValue | null>,
  display: ValueDisplay,
  finish: (text: string) => string,
): DisplayNames {
  const texts = {} as Record<Language, string>;
  for (const language of SUPPORTED_LOCALES) {
    texts[language] = finish(
      fillTemplate(parts, {
        valueOf: (expression) => values.get(expression) ?? null,
        format: (value, expression) => {
          const variable = variableOf(expression);
          const format = variable === undefined ? undefined : display.formatOf(variable);
          return formatDisplayValue(value as JsonValue, language, format);
        },
      }),
    );
  }
  return texts;
}

/**
 * Renders a template once per language with {@link formatDisplayValue} (each variable in
 * the format `display` knows for it) and {@link tidyName}; a missing value renders as
 * nothing. An evaluation error (a bad type in an expression) renders that placeholder as
 * nothing too: a name is never worth failing a step for.
 */
export function renderDisplayNames(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
  display: ValueDisplay = PLAIN_DISPLAY,
): DisplayNames {
  const values = placeholderValues(parts, variables, options);
  const gap = endsInGap(parts, values);
  return perLanguage(parts, values, display, (text) => tidyName(text, gap));
}

/**
 * Renders a longer text (a task's instructions) once per language as
 * {@link renderDisplayNames} does, but keeps the author's lines and spacing: only a name is
 * tidied. A missing or failing value renders as nothing; instructions never fail a step.
 */
export function renderDisplayTexts(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
  display: ValueDisplay = PLAIN_DISPLAY,
): DisplayNames {
  return perLanguage(parts, placeholderValues(parts, variables, options), display, (text) =>
    text.trim(),
  );
}

/**
 * The case's names from a process's `caseName` template, or null while any value it reads
 * is still empty: until the data is known the instance keeps its start name.
 */
export function caseDisplayNames(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
  display: ValueDisplay = PLAIN_DISPLAY,
): DisplayNames | null {
  for (const part of parts) {
    if (part.kind !== 'placeholder') continue;
    if (isEmpty(safeValue(part.expression, variables, options))) return null;
  }
  const names = renderDisplayNames(parts, variables, options, display);
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
