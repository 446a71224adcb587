import type { JSONSchema7 } from 'json-schema';
import { OUTCOME_TYPES, SUPPORTED_LOCALES } from './formConstants';

// Plain JSON Schema pieces for the designer config schemas the plugins declare. Plugins'
// rules run in the browser's form runtime, which never builds the TypeBox format schemas
// (see formConstants.ts), so these are written as data; `formSchemas.test.ts` checks that
// they say what the TypeBox schemas say.

/** `LocalizedText` as plain JSON Schema: a string, or a closed map from locale to string. */
export const LOCALIZED_TEXT_SCHEMA: JSONSchema7 = {
  anyOf: [
    { type: 'string' },
    {
      type: 'object',
      properties: Object.fromEntries(
        SUPPORTED_LOCALES.map((locale) => [locale, { type: 'string' }]),
      ),
      additionalProperties: false,
      minProperties: 1,
    },
  ],
};

/** A formula or condition source as a designer config writes it. */
export const EXPRESSION_SOURCE_SCHEMA: JSONSchema7 = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
};

/** `DesignerOutcome` as plain JSON Schema: a button of the outcome bar. */
export const OUTCOME_SCHEMA: JSONSchema7 = {
  type: 'object',
  required: ['key', 'label'],
  properties: {
    key: { type: 'string', minLength: 1 },
    label: LOCALIZED_TEXT_SCHEMA,
    type: { type: 'string', enum: [...OUTCOME_TYPES] },
  },
  additionalProperties: false,
};
