import { validationError } from '../../../../../core/forms/fields/validationError';
import { parseNumber } from '../../../../../core/forms/formula/parseNumber';
import { defineFieldRules } from '../../../../../core/forms/plugins/defineFieldRules';

/** A throwaway field type for tests: a rating of one to five stars, typed as a number. */
export default defineFieldRules<unknown, 'stars'>({
  type: 'stars',
  valueType: 'integer',
  emptyValue: null,
  sanitize: (value) => (value === '' || value === undefined ? null : (parseNumber(value) ?? value)),
  validate: (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5
      ? []
      : [validationError('validation.stars.range', { min: 1, max: 5 })],
  designerAliases: ['rating'],
});
