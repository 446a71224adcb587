import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { readonlyFromPlain } from './plain';

/**
 * APS "Display value": shows the value of another field or process variable, read-only.
 * It holds nothing of its own, so nothing is ever saved from it (display-only).
 */
export default defineFieldRules<null, 'readonly'>({
  type: 'readonly',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  plainAliases: ['readonly'],
  fromPlain: readonlyFromPlain,
});
