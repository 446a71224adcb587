import { validationError } from '../../../../../core/forms/fields/validationError';
import { defineFieldRules } from '../../../../../core/forms/plugins/defineFieldRules';

/** A place as the throwaway object-valued type holds it. */
export type Place = Readonly<Record<string, unknown>> | null;

/** A throwaway object-valued field type for tests: a place with a latitude and a longitude. */
export default defineFieldRules<Place, 'place'>({
  type: 'place',
  valueType: 'object',
  emptyValue: null,
  sanitize: (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null,
  // An object without any property holds no place yet.
  isEmpty: (value) => value === null || Object.keys(value).length === 0,
  validate: (value) =>
    typeof value?.lat === 'number' && typeof value.lng === 'number'
      ? []
      : [validationError('validation.place.incomplete')],
});
