import type { NormalizedForm } from '../../../../schemas/forms';
import type { FormulaSource } from '../formula';
import type { FieldRules } from '../plugins/defineFieldRules';

/**
 * The computed fields of a form for the formula engine: what each field's type says it
 * computes or checks (its rules' `formula`: a formula field's expression, a message
 * field's condition). The runtime builds its dependency graph from this.
 */
export function collectFormulas(
  form: NormalizedForm,
  rulesOf: (type: string) => Pick<FieldRules, 'formula'>,
): Record<string, FormulaSource> {
  const formulas: Record<string, FormulaSource> = Object.create(null) as Record<
    string,
    FormulaSource
  >;
  for (const section of form.sections) {
    for (const field of section.fields) {
      const source = rulesOf(field.type).formula?.(field);
      if (source) formulas[field.id] = source;
    }
  }
  return formulas;
}
