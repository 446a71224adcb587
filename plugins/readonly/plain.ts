import type { PlainField } from '../../schemas/forms';
import type { PlainFieldReading } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * An APS `readonly` ("Display value"): it holds nothing of its own; the value it was
 * exported with is kept in `config.value`, shown when the server has none for its source.
 */
export function readonlyFromPlain(source: PlainField): PlainFieldReading {
  return source.value != null ? { config: { value: source.value } } : {};
}
