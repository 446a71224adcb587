import type { NormalizedForm } from '../../../../schemas/forms';
import type { FormulaSource } from '../formula';

/**
 * The computed fields of a form for the formula engine: each formula field's
 * `config.expression`, and each message field's `config.condition` as a condition.
 * The runtime builds its dependency graph from this.
 */
export function collectFormulas(form: NormalizedForm): Record<string, FormulaSource> {
  const formulas: Record<string, FormulaSource> = Object.create(null) as Record<
    string,
    FormulaSource
  >;
  for (const section of form.sections) {
    for (const field of section.fields) {
      if (field.type === 'formula' && typeof field.config.expression === 'string') {
        formulas[field.id] = { expression: field.config.expression, kind: 'value' };
      } else if (field.type === 'error-messages' && typeof field.config.condition === 'string') {
        formulas[field.id] = { expression: field.config.condition, kind: 'condition' };
      }
    }
  }
  return formulas;
}
