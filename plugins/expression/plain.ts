import type { PlainField } from '../../schemas/forms';
import type { PlainFieldReading } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable `expression` or `readonly-text`: its `expression`, else the text it was
 * written with as its value, else nothing to show.
 */
export function expressionFromPlain(source: PlainField): PlainFieldReading {
  const expression = source.expression ?? (typeof source.value === 'string' ? source.value : '');
  return { config: { expression } };
}
