import type { FieldComparison, VisibilityRule } from '../../../schemas/forms';
import type { Translate } from '../registry/fieldPlugin';

// One comparison as an author reads it: `hasGuarantor = “true”`, `amount > 1000`,
// `notes is empty`, `a = b` (another field).
function describeComparison(comparison: FieldComparison, t: Translate): string {
  const right =
    comparison.otherField !== undefined
      ? comparison.otherField
      : `“${comparison.value === null || comparison.value === undefined ? '' : String(comparison.value)}”`;
  return t(`forms.visibility.${comparison.op}`, { field: comparison.field, value: right });
}

/**
 * A visibility rule in the author's words for the preview: groups joined by "or", each
 * group's comparisons by "and" (`hasGuarantor = “true” and amount > “1000”`).
 */
export function describeVisibility(rule: VisibilityRule, t: Translate): string {
  const and = ` ${t('forms.visibility.and')} `;
  const or = ` ${t('forms.visibility.or')} `;
  const groups = rule.any.map((group) =>
    group.all.map((comparison) => describeComparison(comparison, t)).join(and),
  );
  return groups.length > 1 ? groups.map((group) => `(${group})`).join(or) : (groups[0] ?? '');
}
