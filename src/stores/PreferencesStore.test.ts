import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, PreferencesStore } from './PreferencesStore';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('PreferencesStore', () => {
  it('takes the language from the browser, falling back to English', () => {
    expect(
      new PreferencesStore({ storage: null, browserLanguages: ['fr-CA', 'en'] }).language,
    ).toBe('fr');
    expect(
      new PreferencesStore({ storage: null, browserLanguages: ['de-DE', 'es'] }).language,
    ).toBe('es');
    expect(new PreferencesStore({ storage: null, browserLanguages: ['de-DE'] }).language).toBe(
      'en',
    );
  });

  it('prefers the kept choice and keeps a new one', () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'es' });
    const preferences = new PreferencesStore({ storage, browserLanguages: ['fr'] });
    expect(preferences.language).toBe('es');
    preferences.setLanguage('fr');
    expect(storage.map.get(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('ignores a kept value that is not a supported language', () => {
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'klingon' });
    expect(new PreferencesStore({ storage, browserLanguages: ['es-MX'] }).language).toBe('es');
  });

  it('remembers whether the drawer is collapsed', () => {
    const storage = memoryStorage();
    const preferences = new PreferencesStore({ storage, browserLanguages: [] });
    expect(preferences.drawerCollapsed).toBe(false);
    preferences.toggleDrawer();
    expect(new PreferencesStore({ storage, browserLanguages: [] }).drawerCollapsed).toBe(true);
  });
});
