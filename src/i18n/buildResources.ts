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
    if (translation) translation[area] = tree;
  }
  return resources;
}

/** Every leaf key of a tree as a dotted path (`login.requiredEmail`), for parity checks. */
export function leafKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}
