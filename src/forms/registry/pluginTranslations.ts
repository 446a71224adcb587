import type { i18n as I18n } from 'i18next';

/** A translation file's JSON: nested objects whose leaves are strings. */
type TranslationTree = { [key: string]: string | TranslationTree };

// A plugin may carry its own texts in `plugins/<type>/locales/<lang>.json`, whose top-level
// keys are areas (`{ "gps": { "successContent": ... } }`), so a new plugin needs no change
// to the shared locale files.
const files = import.meta.glob<TranslationTree>('/plugins/*/locales/*.json', {
  eager: true,
  import: 'default',
});

// Kept by resource store: starting an instance again gives it a new store, without them.
const added = new WeakSet<object>();

/** Adds every plugin's own translations to an i18next instance, once per resource store. */
export function addPluginTranslations(i18n: I18n): void {
  if (added.has(i18n.store)) return;
  added.add(i18n.store);
  for (const [path, tree] of Object.entries(files)) {
    const language = /\/locales\/([^/]+)\.json$/.exec(path)?.[1];
    if (language) i18n.addResourceBundle(language, 'translation', tree, true, false);
  }
}
