import { describe, expect, it } from 'vitest';
import { localizeConfig } from './localizeConfig';
import { localizeText } from './localizeText';

describe('localizeText', () => {
  it('given a plain string, when localised, then it is the same in every locale', () => {
    expect(localizeText('Amount', 'fr')).toBe('Amount');
  });

  it('given a per-locale map, when localised, then the locale, else English, else any text is used', () => {
    const text = { en: 'Amount', es: 'Importe' };
    expect(localizeText(text, 'es')).toBe('Importe');
    expect(localizeText(text, 'fr')).toBe('Amount');
    expect(localizeText({ fr: 'Montant' }, 'es')).toBe('Montant');
    expect(localizeText(undefined, 'en')).toBe('');
  });
});

describe('localizeConfig', () => {
  it('given config with nested per-locale texts, when localised, then only those become strings', () => {
    const config = {
      kind: 'Error',
      message: { en: 'Too high', es: 'Demasiado alto' },
      outcomes: [{ key: 'save', label: { en: 'Save', fr: 'Enregistrer' } }],
      params: { en: 3 },
    };
    expect(localizeConfig(config, 'fr')).toEqual({
      kind: 'Error',
      message: 'Too high',
      outcomes: [{ key: 'save', label: 'Enregistrer' }],
      params: { en: 3 },
    });
  });
});
