import type { SystemDictionariesAnswer, SystemDictionary } from '../../schemas/api/dictionaries';
import { DictionaryPath } from '../../schemas/api/dictionariesConstants';
import { http } from './httpClient';

/** The tenant's dictionaries with all their entries (spec 001 section 7, "GET systemDictionaries"). */
export async function fetchDictionaries(): Promise<SystemDictionary[]> {
  const response = await http.get<SystemDictionariesAnswer>(DictionaryPath.list);
  return response.data.data;
}
