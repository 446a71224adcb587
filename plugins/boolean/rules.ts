import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * Reads a yes or no: a boolean, or the text `"true"` / `"false"` a process stored; nothing
 * is no. Anything else is kept, so the form's check names it as the wrong type instead of
 * saving it as "no".
 */
export function sanitizeBoolean(value: unknown): unknown {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false' || value === null || value === undefined) return false;
  return value === '' ? false : value;
}

/**
 * Yes or no. A required boolean must be switched on (a consent, a confirmation), so an
 * unset or `false` value counts as empty.
 */
export default defineFieldRules<unknown, 'boolean'>({
  type: 'boolean',
  valueType: 'boolean',
  emptyValue: false,
  sanitize: sanitizeBoolean,
  isEmpty: (value) => value === false,
  // Only a required switch must be on; an optional one may open more of the form.
  sampleValue: (field) => (field.required ? true : undefined),
  plainAliases: ['boolean'],
});
