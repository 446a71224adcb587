import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizeObject } from './sanitizeObject';

/**
 * A structured value (a record) shown read-only as a list of its properties. An object
 * without any property is as empty as nothing, so a required one needs some content. Its
 * widget takes no input, so a field of it that is not read-only cannot be filled in (the
 * compiler warns); a postal address to type in is the `address` type.
 */
export default defineFieldRules<Record<string, unknown> | null, 'object'>({
  type: 'object',
  valueType: 'object',
  emptyValue: null,
  sanitize: sanitizeObject,
  isEmpty: (value) => value === null || Object.keys(value).length === 0,
  viewOnly: true,
});
