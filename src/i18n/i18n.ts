import i18next, { type i18n as I18n } from 'i18next';
import { reaction } from 'mobx';
import { initReactI18next } from 'react-i18next';
import type { PreferencesStore } from '../stores/PreferencesStore';
import { buildResources, type LocaleTree } from './buildResources';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './languages';

// Mail templates are the server's; the browser bundle carries only the interface's areas.
const files = import.meta.glob<LocaleTree>(['/locales/*/*.json', '!/locales/*/mail.json'], {
  eager: true,
  import: 'default',
});

/** The interface translations of every language, keyed `<area>.<key>`. */
export const resources = buildResources(files);

/** The app's one i18next instance. */
export const i18n: I18n = i18next.createInstance();

/** Starts i18next in a language, synchronously, so the first render is already translated. */
export function initI18n(language: Language): I18n {
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18n;
}

/** Keeps i18next and the page's `lang` in step with the chosen language; answers a disposer. */
export function followLanguage(preferences: PreferencesStore): () => void {
  return reaction(
    () => preferences.language,
    (language) => {
      void i18n.changeLanguage(language);
      document.documentElement.lang = language;
    },
  );
}
