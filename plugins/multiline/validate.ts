import type { NormalizedField } from '../../schemas/forms';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/**
 * The character limit of a multiline field: the config's `maxLength` (what the counter
 * shows), or the validation's when only that is set; the stricter when both are.
 */
export function multilineLimit(field: NormalizedField): number | undefined {
  const fromConfig = field.config.maxLength;
  const configLimit =
    typeof fromConfig === 'number' && Number.isInteger(fromConfig) && fromConfig > 0
      ? fromConfig
      : undefined;
  const schemaLimit = field.validation.maxLength;
  if (configLimit === undefined) return schemaLimit;
  if (schemaLimit === undefined) return configLimit;
  return Math.min(configLimit, schemaLimit);
}

/** Refuses text longer than the field's limit (spec 001 section 5). */
export function validateMultiline(value: string, field: NormalizedField): ValidationError[] {
  const limit = multilineLimit(field);
  if (limit !== undefined && value.length > limit) {
    return [validationError('validation.maxLength', { limit, actual: value.length })];
  }
  return [];
}
