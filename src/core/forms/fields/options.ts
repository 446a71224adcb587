import type { NormalizedField } from '../../../../schemas/forms';
import { validationError, type ValidationError } from './validationError';

/** A choice of a dropdown, radio or checkbox field, with its label in the form's language. */
export interface LocalizedOption {
  /** The value stored when the choice is picked. */
  readonly value: string | number | boolean;
  /** The label in the form's language. */
  readonly label: string;
}

/** The position of a value among a field's choices, or -1. */
export function optionIndex(options: readonly LocalizedOption[], value: unknown): number {
  return options.findIndex((option) => option.value === value);
}

/** A choice's label, with its stored value beside it for form authors (access-test). */
export function optionCaption(option: LocalizedOption, accessTest: boolean): string {
  return accessTest ? `${option.label} (${String(option.value)})` : option.label;
}

/** Whether a value is one of the field's choices. */
export function isOption(field: NormalizedField, value: unknown): boolean {
  return (field.options ?? []).some((option) => option.value === value);
}

/**
 * Reads a stored choice: the value itself when it is a choice, else the choice whose value
 * is written the same (a number saved as text by another system), else what was given.
 */
export function sanitizeChoice(value: unknown, field: NormalizedField): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (isOption(field, value)) return value;
  const written = String(value);
  const match = (field.options ?? []).find((option) => String(option.value) === written);
  return match ? match.value : value;
}

/** Refuses a value that is not one of the field's choices. */
export function validateChoice(value: unknown, field: NormalizedField): ValidationError[] {
  if (value === null || isOption(field, value)) return [];
  return [validationError('validation.enum')];
}

/**
 * The value type of a one-choice field: `number` or `boolean` when every choice is one,
 * otherwise (and without choices) `string`.
 */
export function optionValueType(
  options: NormalizedField['options'],
): 'string' | 'number' | 'boolean' {
  const values = options ?? [];
  if (values.length > 0 && values.every((option) => typeof option.value === 'number')) {
    return 'number';
  }
  if (values.length > 0 && values.every((option) => typeof option.value === 'boolean')) {
    return 'boolean';
  }
  return 'string';
}
