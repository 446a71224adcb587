// The dictionaries call's path and the shapes of its names, without any schema, so a form
// field's pure rules can check a dictionary name without loading TypeBox.

/** System dictionaries (spec 001 section 7: "GET systemDictionaries; response data"). */
export const DictionaryPath = {
  /** GET: the tenant's dictionaries, each with its active entries in order. */
  list: '/api/systemDictionaries',
} as const;

/** A dictionary's name, as a form field names it (`currencies`, `loan-products`). */
export const DICTIONARY_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** A dictionary entry's code: what a form stores (`EUR`, `personal-loan`). */
export const DICTIONARY_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';

/** The longest label of an entry, in any language. */
export const DICTIONARY_LABEL_MAX = 200;
