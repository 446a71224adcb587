import type { NormalizedField } from '../../schemas/forms';
import { isFormulaError } from '../../src/core/forms/formula/formulaValue';
import {
  MESSAGE_BLOCKS_CODE,
  validationError,
  type ValidationError,
} from '../../src/core/forms/fields/validationError';

/** Whether the field has a rule; without one its message always shows. */
export function hasCondition(field: NormalizedField): boolean {
  return typeof field.config.condition === 'string' && field.config.condition !== '';
}

/**
 * Whether the message shows: always without a rule; with one, when the rule is false
 * (unmet) or cannot be computed (an error the author must see). While an input of the
 * rule is still empty (`null`) it stays hidden.
 */
export function isMessageShown(field: NormalizedField, value: unknown): boolean {
  return !hasCondition(field) || value === false || isFormulaError(value);
}

/** Reads the computed condition: a boolean, an error value, or nothing yet. */
export function sanitizeCondition(value: unknown): unknown {
  return typeof value === 'boolean' || isFormulaError(value) ? value : null;
}

/** A blocking message whose rule is false stops submit (spec 001 section 5). */
export function validateMessage(value: unknown, field: NormalizedField): ValidationError[] {
  return field.config.blockIfFalse === true && value === false
    ? [validationError(MESSAGE_BLOCKS_CODE)]
    : [];
}
