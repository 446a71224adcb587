import { toFormulaValue, toText } from './formulaCoercion';

const PLACEHOLDER = /\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

/**
 * Fills a Flowable-style text template (`"${fullName} asks for ${amount}"`), as expression
 * fields and hyperlink URLs use them, with the form's values. Only bare field ids are
 * replaced; anything else between `${` and `}` is left as written, since Flowable's full
 * expression language is server-side and never runs in the browser. Missing values are
 * empty.
 */
export function interpolateTemplate(
  template: string,
  values: Readonly<Record<string, unknown>>,
): string {
  return template.replace(PLACEHOLDER, (_match, id: string) =>
    Object.hasOwn(values, id) ? toText(toFormulaValue(values[id])) : '',
  );
}
