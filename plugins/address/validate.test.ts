import { describe, expect, it } from 'vitest';
import { addPluginTranslations } from '../../src/forms/registry/pluginTranslations';
import { i18n } from '../../src/i18n/i18n';
import rules from './rules';
import { isEmptyAddress, MAX_PART_LENGTH, sanitizeAddress, validateAddress } from './validate';

const LISBON = {
  street: 'Rua Augusta',
  houseNumber: '24',
  postalCode: '1100-048',
  city: 'Lisboa',
  region: 'Lisboa',
  country: 'PT',
};
const codes = (value: unknown) =>
  validateAddress(sanitizeAddress(value)).map((error) => error.code);

describe('address rules', () => {
  it('given the parts of an address, when sanitised, then they are trimmed in a fixed shape, and again the same', () => {
    const typed = {
      street: '  Rua Augusta ',
      houseNumber: 24,
      postalCode: '1100-048',
      city: 'Lisboa',
      region: '',
      country: ' pt',
      note: 'call first',
      geo: { lat: 38.7 },
    };
    const saved = sanitizeAddress(typed);
    expect(saved).toEqual({
      street: 'Rua Augusta',
      houseNumber: '24',
      postalCode: '1100-048',
      city: 'Lisboa',
      country: 'PT',
    });
    expect(sanitizeAddress(saved)).toEqual(saved);
    expect(sanitizeAddress(JSON.stringify(LISBON))).toEqual(LISBON);
    expect(validateAddress(sanitizeAddress(LISBON))).toEqual([]);
  });

  it('given nothing, blank parts or values that are not an address, when sanitised, then the field is empty', () => {
    for (const value of [null, undefined, '', '  ', {}, { street: ' ', city: '' }, 42, [LISBON]]) {
      const saved = sanitizeAddress(value);
      expect(saved, JSON.stringify(value)).toBeNull();
      expect(isEmptyAddress(saved)).toBe(true);
    }
    expect(isEmptyAddress(sanitizeAddress(LISBON))).toBe(false);
  });

  it('given an address as one text from another system, when sanitised and validated, then it is kept and refused', () => {
    expect(sanitizeAddress(' Calle Mayor 12, Madrid ')).toBe('Calle Mayor 12, Madrid');
    expect(codes('Calle Mayor 12, Madrid')).toEqual(['validation.address.notParts']);
  });

  it('given an address a letter would not reach, then each missing part has its code and names its part', () => {
    expect(validateAddress(sanitizeAddress({ houseNumber: '3' }))).toEqual([
      { code: 'validation.address.streetMissing', params: { part: 'street' } },
      { code: 'validation.address.cityMissing', params: { part: 'city' } },
      { code: 'validation.address.countryMissing', params: { part: 'country' } },
    ]);
    expect(codes({ ...LISBON, postalCode: '' })).toEqual(['validation.address.postalCodeMissing']);
  });

  it('given a postal code, then it is checked against the formats the lender knows and no other', () => {
    expect(validateAddress(sanitizeAddress({ ...LISBON, postalCode: '1100' }))).toEqual([
      {
        code: 'validation.address.postalCode',
        params: { part: 'postalCode', example: '1100-148' },
      },
    ]);
    expect(codes({ ...LISBON, country: 'ES', postalCode: '28013' })).toEqual([]);
    expect(codes({ ...LISBON, country: 'ES', postalCode: '2801' })).toEqual([
      'validation.address.postalCode',
    ]);
    expect(codes({ ...LISBON, country: 'GB', postalCode: 'SW1A 1AA' })).toEqual([]);
    expect(codes({ ...LISBON, country: 'NL', postalCode: '1012 ab' })).toEqual([]);
    // A country without a known format takes any code, or none.
    expect(codes({ ...LISBON, country: 'JP', postalCode: '100-0001' })).toEqual([]);
    expect(codes({ ...LISBON, country: 'AE', postalCode: '' })).toEqual([]);
  });

  it('given a country that is no ISO code or a part too long, then those are refused with codes', () => {
    expect(codes({ ...LISBON, country: 'Portugal' })).toEqual(['validation.country.unknown']);
    const long = 'x'.repeat(MAX_PART_LENGTH + 1);
    expect(validateAddress(sanitizeAddress({ ...LISBON, city: long }))).toEqual([
      { code: 'validation.address.tooLong', params: { part: 'city', limit: MAX_PART_LENGTH } },
    ]);
    expect(codes({ ...LISBON, city: 'x'.repeat(MAX_PART_LENGTH) })).toEqual([]);
  });

  it('gives Autofill an address its own rules accept', () => {
    const sample = rules.sampleValue?.({} as never, { today: '2026-03-01' });
    expect(sample).toBeTruthy();
    expect(rules.validate(sample ?? null, {} as never)).toEqual([]);
    expect(rules.sanitize(sample, {} as never)).toEqual(sample);
  });

  it('has every message in English, Spanish and French', () => {
    addPluginTranslations(i18n);
    const all = [
      'streetMissing',
      'cityMissing',
      'countryMissing',
      'postalCodeMissing',
      'postalCode',
      'tooLong',
      'notParts',
    ].map((name) => `validation.address.${name}`);
    for (const language of ['en', 'es', 'fr']) {
      for (const code of all) {
        expect(typeof i18n.getResource(language, 'translation', code), `${language}:${code}`).toBe(
          'string',
        );
      }
      const t = i18n.getFixedT(language);
      expect(t('validation.address.postalCode', { example: '1100-148' })).toContain('1100-148');
      expect(t('validation.address.tooLong', { limit: 100 })).toContain('100');
    }
  });
});
