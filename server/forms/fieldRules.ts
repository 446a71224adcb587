import type { NormalizedField, PluginType } from '../../schemas/forms';
import { validateCheckbox } from '../../plugins/checkbox/validate';
import { validateDate } from '../../plugins/date/validate';
import { validateMultiline } from '../../plugins/multiline/validate';
import { validateNumber } from '../../plugins/number/validate';
import { validateChoice } from '../../src/core/forms/fields/options';
import type { ValidationError } from '../../src/core/forms/fields/validationError';

/** A field type's own rule on a non-empty value, beyond what its JSON Schema can say. */
type FieldRule = (value: unknown, field: NormalizedField) => readonly ValidationError[];

const NONE: readonly ValidationError[] = [];

/**
 * The plugins' own validators that the server runs too, so a save is held to the rules
 * the browser shows: number kinds and decimals, date bounds (9999-12-31 without a mask),
 * a multiline field's configured limit, choices. Each runs only on the value types its
 * plugin reads; anything else is left to the schema's type check. These modules are pure
 * (no React), which is why the server can import them.
 */
const FIELD_RULES: Partial<Record<PluginType, FieldRule>> = {
  number: (value, field) =>
    typeof value === 'number' || typeof value === 'string' ? validateNumber(value, field) : NONE,
  date: (value, field) => (typeof value === 'string' ? validateDate(value, field) : NONE),
  multiline: (value, field) => (typeof value === 'string' ? validateMultiline(value, field) : NONE),
  checkbox: (value, field) =>
    Array.isArray(value) || typeof value === 'boolean' ? validateCheckbox(value, field) : NONE,
  dropdown: validateChoice,
  radio: validateChoice,
};

/** The field type's own errors for a non-empty value; none for types without a rule. */
export function fieldRuleErrors(
  value: unknown,
  field: NormalizedField,
): readonly ValidationError[] {
  const rule = FIELD_RULES[field.type];
  return rule ? rule(value, field) : NONE;
}

/**
 * Whether a value counts as not filled in, as the plugins judge it: nothing at all, blank
 * text in a text field, an empty list in a list field, `false` in a yes/no field (a
 * required box must be ticked). A value of another shape is not empty: the schema's type
 * check refuses it instead of letting it be stored as "nothing".
 */
export function isEmptyFieldValue(value: unknown, field: NormalizedField): boolean {
  if (value === undefined || value === null) return true;
  switch (field.valueType) {
    case 'boolean':
      return value === false;
    case 'string':
      return typeof value === 'string' && value.trim() === '';
    case 'array':
      return Array.isArray(value) && value.length === 0;
    default:
      return false;
  }
}
