import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeNumber, validateNumber, type NumberValue } from './validate';
import { sampleNumber } from './sampleNumber';
import { NumberWidget } from './Widget';

/**
 * A number: Flowable `integer`, `decimal` and `amount`, designer `number` with a
 * `numberKind`. Accepts numbers and numeric strings with a space between thousands.
 */
export default defineFieldPlugin<NumberValue>({
  type: 'number',
  Widget: NumberWidget,
  inlineWidget: true,
  validate: validateNumber,
  emptyValue: null,
  sanitize: sanitizeNumber,
  sampleValue: sampleNumber,
  valueType: ['number', 'integer'],
});
