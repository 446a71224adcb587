import type { DictionaryEntry, SystemDictionary } from '../../../../schemas/api/dictionaries';
import type {
  NormalizedField,
  NormalizedForm,
  NormalizedOption,
  SupportedLocale,
} from '../../../../schemas/forms';
import { localizeText } from '../compiler/localizeText';

/** A tenant's dictionaries by name, as the dictionaries call answers them. */
export type DictionarySet = ReadonlyMap<string, SystemDictionary>;

/** The tenant's dictionaries by name. */
export function dictionarySet(dictionaries: Iterable<SystemDictionary>): DictionarySet {
  const set = new Map<string, SystemDictionary>();
  for (const dictionary of dictionaries) set.set(dictionary.name, dictionary);
  return set;
}

/**
 * The dictionary a one-choice field takes its choices from, if any: a designer field's
 * `config.dictionary`, or a Flowable field's `params.dictionary` (the compiler keeps a
 * Flowable field's `params` whole in `config.params`).
 */
export function dictionaryNameOf(field: Pick<NormalizedField, 'config'>): string | undefined {
  const params = field.config.params;
  const name =
    field.config.dictionary ??
    (typeof params === 'object' && params !== null
      ? (params as Record<string, unknown>).dictionary
      : undefined);
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** The dictionaries a form's fields name, each once, in form order. */
export function dictionaryNamesOf(form: NormalizedForm): string[] {
  const names = new Set<string>();
  for (const section of form.sections) {
    for (const field of section.fields) {
      const name = dictionaryNameOf(field);
      if (name !== undefined) names.add(name);
    }
  }
  return [...names];
}

/**
 * The choices a dictionary offers a form: its active entries in order, each stored as its
 * code and labelled in every language (the form shows the user's). An unknown dictionary
 * offers none, so no value of such a field is accepted.
 */
export function dictionaryOptions(dictionary: SystemDictionary | undefined): NormalizedOption[] {
  if (!dictionary) return [];
  return dictionary.entries
    .filter((entry) => entry.active)
    .map((entry) => ({ value: entry.code, label: { ...entry.label } }));
}

/**
 * A field with its dictionary's entries as its choices; a field naming no dictionary is
 * returned as it is. The compiler leaves such a field's choices empty, because only the
 * tenant's database knows them: the browser binds them before drawing the form and the
 * server before checking a save, so both check the same list.
 */
export function bindFieldOptions(
  field: NormalizedField,
  dictionaries: DictionarySet,
): NormalizedField {
  const name = dictionaryNameOf(field);
  if (name === undefined) return field;
  return { ...field, options: dictionaryOptions(dictionaries.get(name)) };
}

/** A form whose dictionary fields carry their dictionaries' entries as choices. */
export function bindDictionaryOptions(
  form: NormalizedForm,
  dictionaries: DictionarySet,
): NormalizedForm {
  if (dictionaryNamesOf(form).length === 0) return form;
  return {
    ...form,
    sections: form.sections.map((section) => ({
      ...section,
      fields: section.fields.map((field) => bindFieldOptions(field, dictionaries)),
    })),
  };
}

// Each dictionary's entries by code, built on the first look-up: an export labels thousands
// of cells from one dictionary.
const entryIndexes = new WeakMap<SystemDictionary, Map<string, DictionaryEntry>>();

function entryIndex(dictionary: SystemDictionary): Map<string, DictionaryEntry> {
  let index = entryIndexes.get(dictionary);
  if (!index) {
    index = new Map(dictionary.entries.map((entry) => [entry.code, entry]));
    entryIndexes.set(dictionary, index);
  }
  return index;
}

/**
 * The label of a stored code in a language (`es`, or a tag such as `es-MX`): the entry's
 * label there, else its English one; a code the dictionary does not hold (or no dictionary)
 * shows as the code itself, so a record never shows a blank where a value is stored.
 * Records, reports and exports use this to show dictionary values; retired entries keep
 * their labels.
 */
export function labelOf(
  dictionary: SystemDictionary | undefined,
  code: unknown,
  locale: SupportedLocale | string,
): string {
  if (code === null || code === undefined) return '';
  const written = String(code);
  const entry = dictionary ? entryIndex(dictionary).get(written) : undefined;
  if (!entry) return written;
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  return localizeText(entry.label, language) || written;
}
