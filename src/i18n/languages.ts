/** The languages the interface is written in (spec 000 section 9). */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr'] as const;

/** One of `SUPPORTED_LANGUAGES`. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The language used when the browser asks for none we have. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language named in itself, so a reader finds theirs whatever is on screen. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

/** Whether a string is one of the supported language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language among the browser's preferences (`fr-CA` -> `fr`),
 * or English when there is none.
 */
export function languageFromTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}
