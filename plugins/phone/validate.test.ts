import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { addPluginTranslations } from '../../src/forms/registry/pluginTranslations';
import { i18n } from '../../src/i18n/i18n';
import { phoneText, readerRegion } from './formatPhone';
import rules from './rules';
import { defaultCountryOf, sanitizePhone, validatePhone } from './validate';

const anywhere = { config: {} };
const spanish = { config: { defaultCountry: 'ES' } };
const codes = (value: string, field = anywhere) =>
  validatePhone(sanitizePhone(value, field), field).map((error) => error.code);

describe('phone rules', () => {
  it('given a number written as people write it, when sanitised, then it is E.164, and again the same', () => {
    expect(sanitizePhone('+33 6 12 34 56 78', anywhere)).toBe('+33612345678');
    expect(sanitizePhone(' +33 (0)6 12-34-56-78 ', anywhere)).toBe('+33612345678');
    expect(sanitizePhone('0033 6 12 34 56 78', spanish)).toBe('+33612345678');
    expect(sanitizePhone('+351 912 345 678', anywhere)).toBe('+351912345678');
    expect(sanitizePhone('+33612345678', anywhere)).toBe('+33612345678');
    expect(sanitizePhone(sanitizePhone('+34 600 123 456', anywhere), anywhere)).toBe(
      '+34600123456',
    );
    expect(codes('+33 6 12 34 56 78')).toEqual([]);
  });

  it('given a national number, when the field names its default country, then it gets that country code', () => {
    expect(sanitizePhone('612 34 56 78', spanish)).toBe('+34612345678');
    expect(codes('612 34 56 78', spanish)).toEqual([]);
    // Without a default country the same text is kept and refused: whose number is it?
    expect(sanitizePhone('612 34 56 78', anywhere)).toBe('612 34 56 78');
    expect(codes('612 34 56 78')).toEqual(['validation.phone.countryCode']);
  });

  it('given nothing or blank text, when sanitised, then the field is empty', () => {
    for (const value of [null, undefined, '', '   ', {}, []]) {
      expect(sanitizePhone(value, anywhere), JSON.stringify(value)).toBe('');
    }
  });

  it('given text that is no valid number, when sanitised and validated, then it is kept and each fault has its code', () => {
    expect(sanitizePhone('call me', anywhere)).toBe('call me');
    expect(codes('call me')).toEqual(['validation.phone.invalid']);
    expect(codes('call +33 6 12 34 56 78 after six')).toEqual(['validation.phone.invalid']);
    expect(codes('+33 1')).toEqual(['validation.phone.tooShort']);
    expect(codes('+33 6 12 34 56 78 99 99')).toEqual(['validation.phone.tooLong']);
    expect(codes('+999 12345678')).toEqual(['validation.phone.invalid']);
    // The right length but digits no French number starts with.
    expect(codes('+33 0 12 34 56 78')).toEqual(['validation.phone.invalid']);
    expect(codes('+33 6 12 34 56 78 ext. 12')).toEqual(['validation.phone.extension']);
  });

  it('reads only a default country the phone metadata knows', () => {
    expect(defaultCountryOf({ config: { defaultCountry: 'PT' } })).toBe('PT');
    for (const defaultCountry of ['pt', 'XX', 'AQ', 351, undefined]) {
      expect(defaultCountryOf({ config: { defaultCountry } })).toBeUndefined();
    }
  });

  it('given a stored number, then it is shown as its reader writes it', () => {
    const read = (locale: string, value = '+33612345678') =>
      phoneText(value, anywhere, { locale, editable: false });
    expect(read('en')).toBe('+33 6 12 34 56 78');
    expect(read('es')).toBe('+33 6 12 34 56 78');
    // A French reader's own country: the national form.
    expect(read('fr')).toBe('06 12 34 56 78');
    expect(read('es', '+34600123456')).toBe('600 12 34 56');
    expect(read('en-GB', '+447911123456')).toBe('07911 123456');
    // Text that is no valid number shows as it is.
    expect(read('fr', 'call me')).toBe('call me');
    expect(read('fr', '')).toBe('');
  });

  it('given an editable input, then the national form is used only where it reads back to the same number', () => {
    const edit = (locale: string, field: Pick<NormalizedField, 'config'>) =>
      phoneText('+34600123456', field, { locale, editable: true });
    expect(edit('es', spanish)).toBe('600 12 34 56');
    expect(sanitizePhone('600 12 34 56', spanish)).toBe('+34600123456');
    expect(edit('es', anywhere)).toBe('+34 600 12 34 56');
    expect(edit('fr', spanish)).toBe('+34 600 12 34 56');
  });

  it('knows the region a language is read in', () => {
    expect(readerRegion('fr')).toBe('FR');
    expect(readerRegion('es')).toBe('ES');
    expect(readerRegion('en-GB')).toBe('GB');
    expect(readerRegion('not a locale')).toBeUndefined();
  });

  it('gives Autofill a number its own rules accept', () => {
    const sample = rules.sampleValue?.({ config: {} } as never, { today: '2026-03-01' });
    expect(sample).toBe('+34612345678');
    expect(rules.validate(sample ?? '', { config: {} } as never)).toEqual([]);
  });

  it('has every message in English, Spanish and French', () => {
    addPluginTranslations(i18n);
    const all = ['invalid', 'countryCode', 'tooShort', 'tooLong', 'extension'];
    for (const language of ['en', 'es', 'fr']) {
      const t = i18n.getFixedT(language);
      const texts = all.map((name) => `validation.phone.${name}`);
      for (const code of texts) {
        expect(typeof i18n.getResource(language, 'translation', code), `${language}:${code}`).toBe(
          'string',
        );
      }
      expect(new Set(texts.map((code) => t(code))).size, language).toBe(all.length);
    }
  });
});
