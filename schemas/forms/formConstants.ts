// Constants of the form formats that the browser's form runtime needs at run time. They
// live apart from the TypeBox schemas so that importing them does not build every format
// schema in the browser (the runtime never validates definitions).

/** The locales Tessera ships translations for (spec: en, es and fr). */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr'] as const;

/** How an outcome button saves: the spec's SECTION_SAVE, ONLY_FORM_SAVE, SECTION_SUBMIT, DEFAULT. */
export const OUTCOME_TYPES = [
  'SECTION_SAVE',
  'ONLY_FORM_SAVE',
  'SECTION_SUBMIT',
  'DEFAULT',
] as const;

/** The kinds of a message field (spec 001 section 5). */
export const MESSAGE_KINDS = ['Error', 'Alert', 'Info', 'None', 'Success'] as const;
