import { defineFieldRules, type FieldRules } from '../plugins/defineFieldRules';
import { optionValueType, sanitizeChoice, validateChoice } from './options';

/**
 * The rules of a field holding one of its choices, shared by the drop-down list and the
 * radio buttons: they differ only in how they are drawn and in the Flowable type name.
 */
export function singleChoiceRules<T extends string>(
  type: T,
  plainAliases: readonly string[],
): FieldRules<unknown, T> {
  return defineFieldRules<unknown, T>({
    type,
    valueType: ['string', 'number', 'boolean'],
    valueTypeOf: (field) => optionValueType(field.options),
    emptyValue: null,
    sanitize: sanitizeChoice,
    validate: validateChoice,
    // The first real choice: a list may open with an empty "choose one" entry.
    sampleValue: (field) => field.options?.find((option) => option.value !== '')?.value,
    hasOptions: true,
    plainAliases,
  });
}
