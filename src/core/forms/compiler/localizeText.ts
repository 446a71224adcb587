import type { LocalizedText, SupportedLocale } from '../../../../schemas/forms';

/**
 * Picks the text for a locale: the locale's own text, else English, else whichever
 * translation exists, so a label is never blank because one language is missing.
 */
export function localizeText(
  text: LocalizedText | undefined,
  locale: SupportedLocale | string,
): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  const own = (text as Record<string, string | undefined>)[locale];
  return own ?? text.en ?? text.es ?? text.fr ?? '';
}
