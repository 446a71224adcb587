import type { NormalizedField } from '../../schemas/forms';
import { isOption, sanitizeChoice } from '../../src/core/forms/fields/options';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** A checkbox field's value: the ticked choices, or one tick when it has no choices. */
export type CheckboxValue = readonly unknown[] | boolean;

/** Whether the field is a list of choices rather than a single tick. */
export function hasChoices(field: NormalizedField): boolean {
  return (field.options?.length ?? 0) > 0;
}

/**
 * Reads a stored value: a list of choices (a single stored choice becomes a list of one,
 * duplicates dropped), or a single tick as a boolean (`"true"` counts).
 */
export function sanitizeCheckbox(value: unknown, field: NormalizedField): CheckboxValue {
  if (!hasChoices(field)) return value === true || value === 'true';
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map((item) => sanitizeChoice(item, field)))].filter(
    (item) => item !== null,
  );
}

/** Refuses ticked values that are not choices of the field. */
export function validateCheckbox(value: CheckboxValue, field: NormalizedField): ValidationError[] {
  if (typeof value === 'boolean') return [];
  return value.every((item) => isOption(field, item)) ? [] : [validationError('validation.enum')];
}

/** A list with nothing ticked, or an unticked box, is empty: `required` wants a tick. */
export function isCheckboxEmpty(value: CheckboxValue): boolean {
  return typeof value === 'boolean' ? !value : value.length === 0;
}

/**
 * What Autofill ticks: the first real choice of a list; a single tick box only when it is
 * required (an optional one may open more of the form).
 */
export function sampleCheckbox(field: NormalizedField): CheckboxValue | undefined {
  if (!hasChoices(field)) return field.required ? true : undefined;
  const first = field.options?.find((option) => option.value !== '');
  return first ? [first.value] : undefined;
}
