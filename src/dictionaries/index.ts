// The tenant's system dictionaries in the browser: the store that loads them once per
// session, and the label of a stored code in a language for records, reports and exports.
export { DictionaryStore, type DictionaryStoreDeps } from './DictionaryStore';
export { fetchDictionaries } from '../api/dictionariesApi';
export { labelOf, type DictionarySet } from '../core/forms/fields/dictionaries';
