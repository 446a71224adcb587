import type { NormalizedField } from '../../schemas/forms';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import {
  dictionaryNameOf,
  labelOf,
  type DictionarySet,
} from '../../src/core/forms/fields/dictionaries';

/**
 * The label of a stored choice in a language: a dictionary field's code by its dictionary
 * (retired entries keep their labels), an option by its label; anything else, or a value no
 * choice holds, as written.
 */
export function choiceLabel(
  field: NormalizedField | undefined,
  value: unknown,
  language: string,
  dictionaries: DictionarySet,
): string {
  if (value === null || value === undefined) return '';
  const dictionary = field ? dictionaryNameOf(field) : undefined;
  if (dictionary !== undefined) return labelOf(dictionaries.get(dictionary), value, language);
  const written = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const option = field?.options?.find((candidate) => String(candidate.value) === written);
  return option ? localizeText(option.label, language) : written;
}
