import { PERCENT_FORMAT } from '../../src/core/forms/fields/showsPercent';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { numberFromPlain } from './plain';
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
  fromPlain: numberFromPlain,
  designerConfig: {
    type: 'object',
    properties: {
      numberKind: { type: 'string', enum: ['integer', 'decimal', 'amount'] },
      decimals: { type: 'integer', minimum: 0, maximum: 10 },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      format: { type: 'string', enum: [PERCENT_FORMAT] },
    },
  },
});
