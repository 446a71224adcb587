import i18next, { type i18n as I18n } from 'i18next';
import { reaction } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { PreferencesStore } from '../stores/PreferencesStore';
import { buildResources, type LocaleTree } from './buildResources';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './languages';
import { createNumberFormatter } from './numberFormatter';

// Mail templates are the server's; the browser carries only the interface's areas. English,
// the fallback, ships with the first chunk; the other languages are fetched when chosen
// (each is one chunk, see vite.config.ts), so nobody downloads three languages to sign in.
const fallbackFiles = import.meta.glob<LocaleTree>(
  [`/locales/en/*.json`, '!/locales/en/mail.json'],
  { eager: true, import: 'default' },
);
const otherFiles = import.meta.glob<LocaleTree>(
  ['/locales/*/*.json', '!/locales/en/*.json', '!/locales/*/mail.json'],
  { import: 'default' },
);

/** The app's one i18next instance. */
export const i18n: I18n = i18next.createInstance();

/** The languages whose interface translations are in i18next. */
const loaded = new Set<Language>([FALLBACK_LANGUAGE]);

/**
 * Adds a language's interface translations to i18next, fetching them the first time; safe to
 * call again. A failed fetch rejects, and the interface stays in the languages it has.
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const prefix = `/locales/${language}/`;
  const files = await Promise.all(
    Object.entries(otherFiles)
      .filter(([path]) => path.startsWith(prefix))
      .map(async ([path, load]) => [path, await load()] as const),
  );
  const bundle = buildResources(Object.fromEntries(files))[language]?.translation;
  // Merged under anything already added for the language (plugin translations).
  if (bundle) i18n.addResourceBundle(language, 'translation', bundle, true, false);
  loaded.add(language);
}

/**
 * Starts i18next synchronously with English, so anything rendered is translated; the caller
 * awaits {@link loadLanguage} for another language before the first render. Touches no page:
 * {@link startI18n} also names the language on the document.
 */
export function initI18n(language: Language): I18n {
  void i18n
    .use(initReactI18next)
    .use(createNumberFormatter())
    .init({
      resources: buildResources(fallbackFiles),
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      // React escapes already; every interpolated number is written the app's way.
      interpolation: { escapeValue: false, alwaysFormat: true },
      initAsync: false,
      returnNull: false,
    });
  return i18n;
}

/** Starts i18next in a language with its translations in place (before the first render). */
export async function startI18n(language: Language): Promise<I18n> {
  initI18n(language);
  document.documentElement.lang = language;
  try {
    await loadLanguage(language);
  } catch {
    // Offline between page and chunk: English (the fallback) rather than no page at all.
  }
  return i18n;
}

/**
 * Keeps i18next and the page's `lang` in step with the chosen language, fetching a language
 * before switching to it; answers a disposer.
 */
export function followLanguage(preferences: PreferencesStore): () => void {
  return reaction(
    () => preferences.language,
    async (language) => {
      try {
        await loadLanguage(language);
      } catch {
        // Switch anyway: what is missing shows in English, the fallback.
      }
      // A later choice made while this one was loading wins.
      if (preferences.language !== language) return;
      await i18n.changeLanguage(language);
      document.documentElement.lang = language;
    },
  );
}
