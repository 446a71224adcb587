import { isLanguage, type Language } from '../engine/displayNames';

/**
 * The reader's language from an `Accept-Language` header: the supported language ranked
 * highest (`fr-CA;q=0.9` counts as French), English when it names none. Browsers send it
 * with every request, so reads need no language parameter of their own.
 */
export function readerLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: tag.split(/[-_]/)[0]?.toLowerCase() ?? '', q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const primary = ranked.find((entry) => isLanguage(entry.primary))?.primary;
  return isLanguage(primary) ? primary : 'en';
}
