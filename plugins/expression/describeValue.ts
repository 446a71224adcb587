import type { LocalizedOption } from '../../src/core/forms/fields/options';
import type { Translate } from '../../src/core/forms/fields/translate';
import { formatNumber } from '../../src/core/format';

/**
 * A field value as a reader expects it inside a sentence: a choice by its label, numbers
 * with a space between thousands, yes/no for booleans, lists joined with commas.
 */
export function describeValue(
  value: unknown,
  options: readonly LocalizedOption[],
  t: Translate,
): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    return value.map((item: unknown) => describeValue(item, options, t)).join(', ');
  }
  const option = options.find((candidate) => candidate.value === value);
  if (option) return option.label;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return t(value ? 'fields.boolean.yes' : 'fields.boolean.no');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
