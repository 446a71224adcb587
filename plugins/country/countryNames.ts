import { COUNTRY_CODES, isCountryCode } from './countryCodes';

/** A country as a list shows it: its code and its name in the reader's language. */
export interface CountryChoice {
  /** The ISO 3166-1 alpha-2 code, the value stored. */
  readonly code: string;
  /** The name in the reader's language (`Portugal`, `Allemagne`). */
  readonly name: string;
}

// One list per language, sorted once: a form shows the list in one or two fields, and a
// keystroke elsewhere must not sort 249 names again.
const lists = new Map<string, readonly CountryChoice[]>();
const namers = new Map<string, Intl.DisplayNames>();

function namerOf(locale: string): Intl.DisplayNames {
  let namer = namers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    namers.set(locale, namer);
  }
  return namer;
}

/** A code's name in the reader's language; anything that is not a code comes back as is. */
export function countryName(code: string, locale: string): string {
  if (!isCountryCode(code)) return code;
  return namerOf(locale).of(code) ?? code;
}

/**
 * Every country of ISO 3166-1, named in the reader's language by `Intl.DisplayNames` and
 * sorted by that language's collation (`Österreich` among the O's in German, `Égypte`
 * among the E's in French), so people find their country where they expect it.
 */
export function countryChoices(locale: string): readonly CountryChoice[] {
  let list = lists.get(locale);
  if (!list) {
    const collator = new Intl.Collator(locale, { sensitivity: 'base' });
    list = Object.freeze(
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
        collator.compare(a.name, b.name),
      ),
    );
    lists.set(locale, list);
  }
  return list;
}
