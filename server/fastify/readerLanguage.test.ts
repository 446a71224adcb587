import { describe, expect, it } from 'vitest';
import { readerLanguage } from './readerLanguage';

describe('readerLanguage', () => {
  it('given browser preferences, when read, then the highest ranked supported language wins', () => {
    expect(readerLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(readerLanguage('de-DE,es;q=0.5,en;q=0.7')).toBe('en');
    expect(readerLanguage('de;q=1, es;q=0.4')).toBe('es');
  });

  it('given no header or only unsupported languages, when read, then English', () => {
    expect(readerLanguage(undefined)).toBe('en');
    expect(readerLanguage('de, it;q=0.5')).toBe('en');
  });
});
