import type { DesignerFieldReading } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A designer `multiline`'s config: the `maxLength` its counter shows is also a validation
 * limit (the stricter of it and the one in `validation` applies).
 */
export function multilineFromDesigner(
  config: Readonly<Record<string, unknown>>,
): DesignerFieldReading {
  const { maxLength } = config;
  return typeof maxLength === 'number' ? { validation: { maxLength } } : {};
}
