import type { Resource, ResourceLanguage } from 'i18next';

/** A locale file's JSON: nested objects whose leaves are strings. */
export type LocaleTree = { [key: string]: string | LocaleTree };

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/**
 * Merges `locales/<lang>/<area>.json` files into i18next resources, with the file name as the
 * first key segment: `locales/en/login.json` `{ "requiredEmail": ... }` becomes
 * `t('login.requiredEmail')`. A new area is a new file and nothing else.
 */
export function buildResources(files: Record<string, LocaleTree>): Resource {
  const resources: Resource = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = LOCALE_FILE.exec(path);
    if (!match) continue;
    const [, language, area] = match;
    if (language === undefined || area === undefined) continue;
    const translation = (resources[language] ??= { translation: {} }).translation as
      ResourceLanguage | undefined;
    // A copy: i18next merges later bundles (a plugin's texts) into what it holds, and the
    // imported file must stay as it is for the next instance that starts from it.
    if (translation) translation[area] = structuredClone(tree);
  }
  return resources;
}

/** Every leaf key of a tree as a dotted path (`login.requiredEmail`), for parity checks. */
export function leafKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}
