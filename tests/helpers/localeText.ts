import { readFile } from 'node:fs/promises';

/**
 * A translation from the locale files, by language, area (file) and dotted key, as the app
 * ships it: tests name buttons and messages in the language under test without copying texts.
 */
export async function localeText(language: string, area: string, key: string): Promise<string> {
  const tree: unknown = JSON.parse(await readFile(`locales/${language}/${area}.json`, 'utf8'));
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
  if (typeof value !== 'string') throw new Error(`No ${language} ${area}.${key}`);
  return value;
}

/** A field plugin's own translation (`plugins/<plugin>/locales/<language>.json`), by dotted key. */
export async function pluginLocaleText(
  language: string,
  plugin: string,
  key: string,
): Promise<string> {
  const tree: unknown = JSON.parse(
    await readFile(`plugins/${plugin}/locales/${language}.json`, 'utf8'),
  );
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );
  if (typeof value !== 'string') throw new Error(`No ${language} ${plugin} ${key}`);
  return value;
}
