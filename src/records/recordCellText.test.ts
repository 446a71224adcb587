import { describe, expect, it } from 'vitest';
import type { SystemDictionary } from '../../schemas/api/dictionaries';
import { dictionarySet, labelOf } from '../core/forms/fields/dictionaries';
import { recordCellText, recordFieldText, type DictionaryLabels } from './recordCellText';

describe('recordCellText', () => {
  it('given null or a missing value, then the cell is empty', () => {
    expect(recordCellText(null)).toBe('');
    expect(recordCellText(undefined)).toBe('');
  });

  it('given objects and booleans, then they show as JSON text', () => {
    expect(recordCellText({ city: 'Lyon' })).toBe('{"city":"Lyon"}');
    expect(recordCellText(true)).toBe('true');
    expect(recordCellText([1, 2])).toBe('[1,2]');
  });

  it('given text and numbers, then they show as they are', () => {
    expect(recordCellText('García')).toBe('García');
    expect(recordCellText(1500.5)).toBe('1500.5');
  });

  it('given a reader’s language, when a number shows, then its thousands are grouped by a space', () => {
    expect(recordCellText(307000, 'integer', 'en')).toBe('307 000');
    expect(recordCellText(3.8, 'decimal', 'fr')).toBe('3,8');
    expect(recordCellText(1234.5, 'decimal', 'es')).toBe('1 234,5');
  });

  it('given a date field, when it shows, then it reads YYYY-MM-DD as lists do', () => {
    expect(recordCellText('2004-11-25', 'date', 'fr')).toBe('2004-11-25');
    expect(recordCellText('2026-06-11T12:00:00Z', 'date', 'en')).toBe('2026-06-11');
    expect(recordCellText('someday', 'date', 'en')).toBe('someday');
  });

  it('given a boolean or an object with a language, then it is still JSON text (spec 001 section 3)', () => {
    expect(recordCellText(false, 'boolean', 'fr')).toBe('false');
    expect(recordCellText({ a: 1 }, 'object', 'fr')).toBe('{"a":1}');
  });
});

const loanProducts: SystemDictionary = {
  name: 'loanProducts',
  label: { en: 'Loan products', es: 'Productos de préstamo', fr: 'Produits de prêt' },
  entries: [
    {
      code: 'car',
      label: { en: 'Car loan', es: 'Préstamo de coche', fr: 'Prêt auto' },
      order: 10,
      active: true,
    },
    {
      code: 'mortgage',
      label: { en: 'Mortgage', es: 'Hipoteca', fr: 'Prêt immobilier' },
      order: 20,
      active: true,
    },
  ],
};

/** The labels as the dictionary store answers them once the lists are loaded. */
function loaded(...lists: SystemDictionary[]): DictionaryLabels {
  const set = dictionarySet(lists);
  return { labelOf: (name, code, locale) => labelOf(set.get(name), code, locale) };
}

describe('recordFieldText', () => {
  const product = { dictionary: 'loanProducts' };

  it("given a field of a dictionary's codes, when its lists are loaded, then the cell shows the code's label in the user's language", () => {
    const labels = loaded(loanProducts);
    expect(recordFieldText(product, 'car', labels, 'en')).toBe('Car loan');
    expect(recordFieldText(product, 'car', labels, 'es')).toBe('Préstamo de coche');
    expect(recordFieldText(product, 'mortgage', labels, 'fr-FR')).toBe('Prêt immobilier');
  });

  it('given a code the list does not hold, or lists not loaded yet, then the cell shows the code', () => {
    expect(recordFieldText(product, 'bridging', loaded(loanProducts), 'en')).toBe('bridging');
    expect(recordFieldText(product, 'car', loaded(), 'en')).toBe('car');
  });

  it('given a dictionary field without a value, then the cell is empty', () => {
    expect(recordFieldText(product, null, loaded(loanProducts), 'en')).toBe('');
    expect(recordFieldText(product, undefined, loaded(loanProducts), 'en')).toBe('');
  });

  it('given a field without a dictionary, then its code-like text shows as it is', () => {
    expect(recordFieldText({}, 'car', loaded(loanProducts), 'en')).toBe('car');
  });
});
