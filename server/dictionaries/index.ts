// The system dictionaries of a tenant: reading them, binding them into forms, and the label
// of a stored code in the user's language for records, reports and exports.
export {
  bindDictionaryOptions,
  dictionaryNames,
  dictionarySet,
  labelOf,
  listDictionaries,
  loadDictionarySet,
  loadLabelOf,
  type DictionarySet,
} from './dictionaryRepository';
export type { DictionaryTables } from './dictionaryTables';
