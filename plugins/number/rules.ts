import { NumberConfig } from '../../schemas/forms/designerForm';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sampleNumber } from './sampleNumber';
import { sanitizeNumber, validateNumber, type NumberValue } from './validate';

/**
 * A number: Flowable `integer`, `decimal` and `amount`, designer `number` with a
 * `numberKind`. Accepts numbers and numeric strings with a space between thousands.
 */
export default defineFieldRules<NumberValue, 'number'>({
  type: 'number',
  valueType: ['number', 'integer'],
  valueTypeOf: ({ config }) => (config.numberKind === 'integer' ? 'integer' : 'number'),
  emptyValue: null,
  sanitize: sanitizeNumber,
  validate: validateNumber,
  sampleValue: sampleNumber,
  plainAliases: ['integer', 'decimal', 'amount'],
  designerConfig: NumberConfig,
});
