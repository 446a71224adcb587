import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeObject } from './sanitizeObject';
import { ObjectWidget } from './Widget';

/** A structured value (an address, a record) shown read-only as JSON. */
export default defineFieldPlugin<Record<string, unknown> | null>({
  type: 'object',
  Widget: ObjectWidget,
  inlineWidget: true,
  emptyValue: null,
  sanitize: sanitizeObject,
  valueType: 'object',
});
