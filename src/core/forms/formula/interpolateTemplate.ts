import { fillTemplate, readName, splitTemplate } from '../../template';
import { toFormulaValue, toText } from './formulaCoercion';

/**
 * What a message shows for a value that is missing or blank: a dash, so a sentence keeps
 * its shape ("Loan of — for Ana Ruiz") instead of closing over a gap.
 */
export const EMPTY_VALUE_MARK = '—';

/** How {@link interpolateTemplate} writes what has no value. */
export interface InterpolateOptions {
  /** What a missing or blank value becomes: nothing by default (a URL's part). */
  readonly empty?: string;
}

/**
 * Fills a Flowable-style text template (`"${fullName} asks for ${amount}"`), as expression
 * fields and hyperlink URLs use them, with the form's values. Only bare field ids are
 * replaced; anything else between `${` and `}` is left as written, since Flowable's full
 * expression language is server-side and never runs in the browser. Missing and blank
 * values become `options.empty` (nothing by default); values are written as formulas write
 * them (a list joined by commas).
 */
export function interpolateTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
  options: InterpolateOptions = {},
): string {
  const empty = options.empty ?? '';
  return fillTemplate(splitTemplate(template, readName), {
    valueOf: (id) => (Object.hasOwn(values, id) ? values[id] : undefined),
    onMissing: () => empty,
    format: (value) => {
      const text = toText(toFormulaValue(value));
      return text.trim() === '' ? empty : text;
    },
  });
}
