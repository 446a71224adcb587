import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/api/common';
import { leafKeys, type LocaleTree } from './buildResources';
import { i18n } from './i18n';
import { SUPPORTED_LANGUAGES } from './languages';

// The set-up loads every language (tests/helpers/setupUnit.ts).
const tree = (language: string): LocaleTree =>
  (i18n.getResourceBundle(language, 'translation') ?? {}) as LocaleTree;

// Every English key, plural forms included, must exist as it is in Spanish and French;
// they may add plural forms English lacks (`_many`), checked without the suffix.
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/**
 * Texts that are the same word in English and the language: allowed as copies. Anything else
 * that reads the same in both was left untranslated.
 */
const SAME_WORDS = {
  es: new Set(['No']),
  fr: new Set(['Notifications', 'Province', 'Version', 'Actions', 'Clients', 'Incidents']),
} as const;

/** Whether a text has words of its own, besides placeholders (`{{count}}/{{max}}` has none). */
function hasWords(value: string): boolean {
  return /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, ''));
}

describe('locales', () => {
  it('loads every supported language', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      expect(leafKeys(tree(language)).length).toBeGreaterThan(0);
    }
  });

  it('has every English key in Spanish and French', () => {
    const english = leafKeys(tree('en'));
    for (const language of ['es', 'fr']) {
      const other = new Set(leafKeys(tree(language)));
      const missing = english.filter((key) => !other.has(key));
      expect(missing, `missing in ${language}`).toEqual([]);
    }
  });

  it('has no key in Spanish or French that English lacks', () => {
    const english = new Set(leafKeys(tree('en')).map(withoutPlural));
    for (const language of ['es', 'fr']) {
      const extra = leafKeys(tree(language))
        .map(withoutPlural)
        .filter((key) => !english.has(key));
      expect(extra, `extra in ${language}`).toEqual([]);
    }
  });

  it('has every plural form each language needs (Spanish and French use "many" for a million)', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const keys = new Set(leafKeys(tree(language)));
      const plurals = [...keys].filter((key) => key.endsWith('_other')).map(withoutPlural);
      const missing = plurals.flatMap((base) =>
        categories.filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${base}_${form}`),
      );
      expect(missing, `missing in ${language}`).toEqual([]);
      // And i18next picks it: a million of something is not left to the English fallback.
      const [first] = plurals;
      if (first && categories.includes('many')) {
        expect(i18n.t(first, { lng: language, count: 1_000_000 })).not.toBe(
          i18n.t(first, { lng: 'en', count: 1_000_000 }),
        );
      }
    }
  });

  it('translates rather than copies: Spanish and French differ from English', () => {
    const english = tree('en');
    for (const language of ['es', 'fr'] as const) {
      const other = tree(language);
      const same = leafKeys(english).filter((key) => {
        const [area, ...rest] = key.split('.');
        const pick = (t: LocaleTree) =>
          rest.reduce<LocaleTree | string | undefined>(
            (node, part) => (typeof node === 'object' ? node[part] : undefined),
            area === undefined ? undefined : t[area],
          );
        const value = pick(english);
        return (
          value === pick(other) &&
          typeof value === 'string' &&
          hasWords(value) &&
          !SAME_WORDS[language].has(value)
        );
      });
      expect(same, `${language} copies English`).toEqual([]);
    }
  });

  it('has a message for every server error code', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const code of Object.values(ErrorCode)) {
        expect(i18n.exists(`errors.${code}`, { lng: language }), `${language} ${code}`).toBe(true);
      }
    }
  });

  it('keeps the spec key names', () => {
    for (const key of [
      'login.requiredEmail',
      'login.invalidEmail',
      'login.requiredPassword',
      'login.wrongCredentials',
      'login.errorLogginIn',
      'login.sessionExpired',
      'common.insufficientPriviliges',
      'common.serverErrorTryAgain',
      'resetPassword.resetPassword',
      'changePassword.serverError',
    ]) {
      expect(i18n.exists(key), key).toBe(true);
    }
  });
});
