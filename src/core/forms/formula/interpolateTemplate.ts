import { fillTemplate, readName, splitTemplate } from '../../template';
import { toFormulaValue, toText } from './formulaCoercion';

/**
 * Fills a Flowable-style text template (`"${fullName} asks for ${amount}"`), as expression
 * fields and hyperlink URLs use them, with the form's values. Only bare field ids are
 * replaced; anything else between `${` and `}` is left as written, since Flowable's full
 * expression language is server-side and never runs in the browser. Missing values are
 * empty; values are written as formulas write them (a list joined by commas).
 */
export function interpolateTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
): string {
  return fillTemplate(splitTemplate(template, readName), {
    valueOf: (id) => (Object.hasOwn(values, id) ? values[id] : undefined),
    format: (value) => toText(toFormulaValue(value)),
  });
}
