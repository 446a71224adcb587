import i18next, { type i18n as I18n } from 'i18next';
import { reaction } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { PreferencesStore } from '../stores/PreferencesStore';
import { buildResources, type LocaleTree } from './buildResources';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, isLanguage, type Language } from './languages';
import { createNumberFormatter } from './numberFormatter';

// Mail templates are the server's; the browser carries only the interface's areas. English,
// the fallback, ships with the first chunk for the areas the signed-out pages show (sign-in,
// the error view, what every page shares); the rest of a language is one chunk, fetched when
// the language is chosen or a screen behind sign-in loads (see vite.config.ts), so nobody
// downloads the whole interface, let alone three languages, to sign in.
// The two lists name the same areas (a glob takes literals only).
const signedOutFiles = import.meta.glob<LocaleTree>(
  '/locales/en/{common,errors,errorView,login}.json',
  { eager: true, import: 'default' },
);
const onDemandFiles = import.meta.glob<LocaleTree>(
  [
    '/locales/*/*.json',
    '!/locales/*/mail.json',
    '!/locales/en/{common,errors,errorView,login}.json',
  ],
  { import: 'default' },
);

/** The app's one i18next instance. */
export const i18n: I18n = i18next.createInstance();

/** The languages whose interface translations are all in i18next. */
const loaded = new Set<Language>();

/**
 * Adds a language's interface translations to i18next, fetching them the first time; safe to
 * call again. A failed fetch rejects, and the interface stays in the languages it has.
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const prefix = `/locales/${language}/`;
  const files = await Promise.all(
    Object.entries(onDemandFiles)
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
  // Starting again replaces every bundle with the signed-out ones.
  loaded.clear();
  void i18n
    .use(initReactI18next)
    .use(createNumberFormatter())
    .init({
      resources: buildResources(signedOutFiles),
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

/**
 * Starts i18next in a language with its translations in place (before the first render): the
 * signed-out areas of English, or the whole of another language.
 */
export async function startI18n(language: Language): Promise<I18n> {
  initI18n(language);
  document.documentElement.lang = language;
  if (language === FALLBACK_LANGUAGE) return i18n;
  try {
    await loadLanguage(language);
  } catch {
    // Offline between page and chunk: English (the fallback) rather than no page at all.
  }
  return i18n;
}

/**
 * Fetches the whole interface in the chosen language and in English, the fallback, for a
 * screen beyond the sign-in page, which loads them with its own chunk. Rejects as a chunk that
 * fails to load does.
 */
export async function loadInterfaceTranslations(): Promise<void> {
  const chosen = i18n.resolvedLanguage ?? i18n.language;
  const languages = new Set<Language>([FALLBACK_LANGUAGE]);
  if (isLanguage(chosen)) languages.add(chosen);
  await Promise.all([...languages].map((language) => loadLanguage(language)));
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
