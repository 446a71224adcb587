import type { PlainField } from '../../schemas/forms';
import type { PlainFieldReading } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable `radio-buttons` whose choices come from an expression
 * (`optionsExpression`): kept in `config`, and the compiler warns that the choices written
 * in the form are the only ones offered.
 */
export function radioFromPlain(source: PlainField): PlainFieldReading {
  return source.optionsExpression
    ? { config: { optionsExpression: source.optionsExpression } }
    : {};
}
