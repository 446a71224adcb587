import { Type, type Static } from '@sinclair/typebox';
import {
  DICTIONARY_CODE_PATTERN,
  DICTIONARY_LABEL_MAX,
  DICTIONARY_NAME_PATTERN,
} from './dictionariesConstants';

export * from './dictionariesConstants';

const label = Type.String({ minLength: 1, maxLength: DICTIONARY_LABEL_MAX });

/** A label in every shipped language: a dictionary's and an entry's. */
export const DictionaryLabels = Type.Object(
  { en: label, es: label, fr: label },
  { additionalProperties: false },
);
/** Labels by locale. */
export type DictionaryLabels = Static<typeof DictionaryLabels>;

/**
 * One entry of a dictionary: the code forms and records store, its labels, its place in
 * the list, and whether forms still offer it (a retired entry keeps its labels, so records
 * that stored it still read).
 */
export const DictionaryEntry = Type.Object(
  {
    code: Type.String({ pattern: DICTIONARY_CODE_PATTERN }),
    label: DictionaryLabels,
    order: Type.Integer(),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);
/** A dictionary entry. */
export type DictionaryEntry = Static<typeof DictionaryEntry>;

/** One of the tenant's dictionaries with all its entries, in order. */
export const SystemDictionary = Type.Object(
  {
    name: Type.String({ pattern: DICTIONARY_NAME_PATTERN }),
    label: DictionaryLabels,
    entries: Type.Array(DictionaryEntry),
  },
  { additionalProperties: false },
);
/** A system dictionary. */
export type SystemDictionary = Static<typeof SystemDictionary>;

/** `GET /api/systemDictionaries` answer (spec 001 section 7: "response data"), by name. */
export const SystemDictionariesAnswer = Type.Object(
  { data: Type.Array(SystemDictionary) },
  { additionalProperties: false },
);
/** The dictionaries call's answer. */
export type SystemDictionariesAnswer = Static<typeof SystemDictionariesAnswer>;
