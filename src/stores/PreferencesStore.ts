import { makeAutoObservable } from 'mobx';
import { isLanguage, languageFromTags, type Language } from '../i18n/languages';

/** localStorage key of the chosen language (spec 000 section 1). */
export const LANGUAGE_STORAGE_KEY = 'tessera.language';
/** localStorage key of the collapsed state of the navigation drawer on desktop. */
export const DRAWER_STORAGE_KEY = 'tessera.drawerCollapsed';

/** Where preferences come from; injected so tests need no browser. */
export interface PreferencesSources {
  /** Where choices are kept between visits; null when storage is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The browser's language preferences, most wanted first (`navigator.languages`). */
  browserLanguages: readonly string[];
}

function read(storage: PreferencesSources['storage'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    // Private modes may throw on access; a preference is never worth an error.
    return null;
  }
}

function write(storage: PreferencesSources['storage'], key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // A full or blocked storage only means the choice is not remembered.
  }
}

/**
 * The user's interface choices that outlive a session: the language (a kept choice, else the
 * browser's, else English) and whether the navigation drawer is collapsed.
 */
export class PreferencesStore {
  /** The interface language. */
  language: Language;
  /** Whether the desktop navigation drawer is reduced to its icons. */
  drawerCollapsed: boolean;
  private readonly storage: PreferencesSources['storage'];

  constructor(sources: PreferencesSources) {
    this.storage = sources.storage;
    const kept = read(sources.storage, LANGUAGE_STORAGE_KEY);
    this.language = isLanguage(kept) ? kept : languageFromTags(sources.browserLanguages);
    this.drawerCollapsed = read(sources.storage, DRAWER_STORAGE_KEY) === 'true';
    makeAutoObservable<PreferencesStore, 'storage'>(this, { storage: false });
  }

  /** Switches the interface language and remembers it. */
  setLanguage(language: Language): void {
    this.language = language;
    write(this.storage, LANGUAGE_STORAGE_KEY, language);
  }

  /** Collapses or expands the desktop drawer and remembers it. */
  setDrawerCollapsed(collapsed: boolean): void {
    this.drawerCollapsed = collapsed;
    write(this.storage, DRAWER_STORAGE_KEY, String(collapsed));
  }

  /** Flips the desktop drawer. */
  toggleDrawer(): void {
    this.setDrawerCollapsed(!this.drawerCollapsed);
  }
}
