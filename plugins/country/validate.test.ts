import { describe, expect, it } from 'vitest';
import { addPluginTranslations } from '../../src/forms/registry/pluginTranslations';
import { i18n } from '../../src/i18n/i18n';
import { COUNTRY_CODES, isCountryCode } from './countryCodes';
import { countryChoices, countryName } from './countryNames';
import rules from './rules';
import { sanitizeCountry, validateCountry } from './validate';

describe('country rules', () => {
  it('given a code in any case or with spaces, when sanitised, then it is the upper-case code, and again the same', () => {
    expect(sanitizeCountry('PT')).toBe('PT');
    expect(sanitizeCountry(' pt ')).toBe('PT');
    expect(sanitizeCountry(sanitizeCountry(' pt '))).toBe('PT');
    expect(validateCountry('PT')).toEqual([]);
  });

  it('given nothing, blank text or a value that is not text, when sanitised, then the field is empty', () => {
    for (const value of [null, undefined, '', '   ', 351, true, ['PT'], { code: 'PT' }]) {
      expect(sanitizeCountry(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('given text that is no ISO 3166-1 code, when sanitised and validated, then it is kept and refused with a code', () => {
    for (const written of ['OTHER', 'Portugal', 'UK', 'EU', 'XK', 'ZZ']) {
      const value = sanitizeCountry(written);
      expect(value).toBe(written);
      expect(validateCountry(value)).toEqual([{ code: 'validation.country.unknown', params: {} }]);
    }
  });

  it('knows the 249 officially assigned codes, each named by Intl.DisplayNames', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) {
      expect(isCountryCode(code)).toBe(true);
      expect(countryName(code, 'en'), code).not.toBe(code);
    }
    expect(isCountryCode('pt')).toBe(false);
  });

  it('given a language, then the whole list is named in it and sorted as it sorts', () => {
    const french = countryChoices('fr');
    expect(french).toHaveLength(249);
    const name = (code: string) => french.find((choice) => choice.code === code)?.name;
    expect(name('DE')).toBe('Allemagne');
    expect(name('PT')).toBe('Portugal');
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('DE', 'es')).toBe('Alemania');
    // Accents sort with their letter: Égypte among the E's, before Espagne.
    const names = french.map((choice) => choice.name);
    const at = (written: string) => names.indexOf(written);
    expect(at('Égypte')).toBeGreaterThan(at('Dominique'));
    expect(at('Égypte')).toBeLessThan(at('Espagne'));
    const collator = new Intl.Collator('fr', { sensitivity: 'base' });
    expect([...names].sort(collator.compare)).toEqual(names);
    // The same list object for the same language: sorted once.
    expect(countryChoices('fr')).toBe(french);
  });

  it('gives Autofill a code its own rules accept', () => {
    const sample = rules.sampleValue?.({} as never, { today: '2026-03-01' });
    expect(sample).toBeDefined();
    expect(rules.validate(sample ?? null, {} as never)).toEqual([]);
  });

  it('has its message in English, Spanish and French', () => {
    addPluginTranslations(i18n);
    const texts = ['en', 'es', 'fr'].map((language) =>
      i18n.getFixedT(language)('validation.country.unknown'),
    );
    expect(texts).toEqual([
      'Choose a country from the list.',
      'Elija un país de la lista.',
      'Choisissez un pays dans la liste.',
    ]);
  });
});
