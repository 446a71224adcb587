import type { JSONSchema7 } from 'json-schema';
import { DICTIONARY_NAME_PATTERN } from '../../../../schemas/api/dictionariesConstants';
import type { PlainField } from '../../../../schemas/forms';
import {
  defineFieldRules,
  type FieldRules,
  type FieldRulesDefinition,
  type PlainFieldReading,
} from '../plugins/defineFieldRules';
import { optionValueType, sanitizeChoice, validateChoice } from './options';

/**
 * A designer one-choice field's `config`: it may name a system dictionary whose entries
 * are its choices (`{ "dictionary": "currencies" }`); other settings (a radio's `inline`)
 * stay open.
 */
export const SINGLE_CHOICE_CONFIG: JSONSchema7 = {
  type: 'object',
  properties: { dictionary: { type: 'string', pattern: DICTIONARY_NAME_PATTERN } },
};

/**
 * The rules of a field holding one of its choices, shared by the drop-down list, the
 * radio buttons and the typeahead: they differ in how they are drawn, in the Flowable type
 * name and in what each reads from a Flowable field of its type (`fromPlain`).
 */
export function singleChoiceRules<T extends string>(
  type: T,
  plainAliases: readonly string[],
  fromPlain?: FieldRulesDefinition<unknown, T>['fromPlain'],
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
    fromPlain,
    designerConfig: SINGLE_CHOICE_CONFIG,
  });
}

/**
 * What a one-choice field reads from a Flowable field whose choices come from an expression
 * (`optionsExpression`): the expression, kept in `config`; the compiler warns that the
 * choices written in the form are the only ones offered. A drop-down list and radio buttons
 * read it alike.
 */
export function choicesFromExpression(source: PlainField): PlainFieldReading {
  return source.optionsExpression
    ? { config: { optionsExpression: source.optionsExpression } }
    : {};
}
