// From the constants module, not the barrel: the browser need not build the format schemas.
import { SUPPORTED_LOCALES } from '../../../../schemas/forms/formConstants';
import { localizeText } from './localizeText';

const LOCALE_KEYS: ReadonlySet<string> = new Set(SUPPORTED_LOCALES);

/**
 * Resolves every per-locale text inside a field's config (a message's `message`, an
 * outcome's `label`, a link's `displayText`, ...) to one locale, leaving everything else
 * as it is, so widgets receive plain strings.
 */
export function localizeConfig(value: unknown, locale: string): unknown {
  if (Array.isArray(value)) return value.map((item) => localizeConfig(item, locale));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const isLocalizedText =
    entries.length > 0 &&
    entries.every(([key, text]) => LOCALE_KEYS.has(key) && typeof text === 'string');
  if (isLocalizedText) return localizeText(value as Record<string, string>, locale);
  return Object.fromEntries(entries.map(([key, item]) => [key, localizeConfig(item, locale)]));
}
