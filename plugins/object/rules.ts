import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizeObject } from './sanitizeObject';

/**
 * A structured value (an address, a record) shown read-only as JSON. An object without
 * any property is as empty as nothing, so a required one needs some content.
 */
export default defineFieldRules<Record<string, unknown> | null, 'object'>({
  type: 'object',
  valueType: 'object',
  emptyValue: null,
  sanitize: sanitizeObject,
  isEmpty: (value) => value === null || Object.keys(value).length === 0,
});
