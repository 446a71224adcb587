import type { NormalizedOption } from '../../../../schemas/forms';
import type { CompileWarning } from './compileTypes';

/**
 * Keeps the first option of each value and reports the others: two options with one
 * value cannot both be selected, and a schema enum with repeats is invalid. When values
 * mix types they become strings, so the field has one value type. `indexOffset` maps
 * indexes back to the definition when leading entries were skipped.
 */
export function normalizeOptions(
  options: readonly NormalizedOption[],
  optionsPath: string,
  indexOffset = 0,
): { options: NormalizedOption[]; warnings: CompileWarning[] } {
  // 1. One value type for the whole list.
  const types = new Set(options.map((option) => typeof option.value));
  const unify = types.size > 1;
  // 2. First option of each value wins.
  const seen = new Set<string | number | boolean>();
  const kept: NormalizedOption[] = [];
  const warnings: CompileWarning[] = [];
  options.forEach((option, index) => {
    const value = unify ? String(option.value) : option.value;
    if (seen.has(value)) {
      warnings.push({
        code: 'field.duplicateOptionValue',
        path: `${optionsPath}/${index + indexOffset}`,
        params: { value: String(value) },
      });
      return;
    }
    seen.add(value);
    kept.push({ value, label: option.label });
  });
  return { options: kept, warnings };
}
