import { Type, type Static } from '@sinclair/typebox';
import { SUPPORTED_LOCALES } from './formConstants';

export { SUPPORTED_LOCALES };

/** One of the shipped locales. */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * A label as form authors write it: one string for every locale, or a per-locale map.
 * The map is closed so a typo such as `eng` is caught by the schema instead of silently
 * falling back to another language.
 */
export const LocalizedText = Type.Union([
  Type.String(),
  Type.Object(
    {
      en: Type.Optional(Type.String()),
      es: Type.Optional(Type.String()),
      fr: Type.Optional(Type.String()),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
]);
/** A string, or a map from locale to string. */
export type LocalizedText = Static<typeof LocalizedText>;
