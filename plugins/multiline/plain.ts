import type { PlainField } from '../../schemas/forms';
import { integerOf } from '../../src/core/forms/compiler/plainLimits';
import type { PlainFieldReading } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable `multi-line-text`: its `maxLength` (at the top level or in `params`) is also
 * the character limit its counter shows, kept in `config` when it is a whole number above 0.
 */
export function multilineFromPlain(source: PlainField): PlainFieldReading {
  const maxLength = integerOf(source.maxLength ?? source.params?.maxLength);
  return maxLength !== undefined && maxLength > 0 ? { config: { maxLength } } : {};
}
