import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../html';
import { projectPath } from '../paths';

/** Why the sign-in window of the analysis report cannot go on. */
export type IdpRefusal = 'notSignedIn' | 'notAllowed' | 'expired';

/** The languages the page is written in; the first is the fallback. */
const PAGE_LANGUAGES = ['en', 'es', 'fr'] as const;
type PageLanguage = (typeof PAGE_LANGUAGES)[number];

type RefusalTexts = Record<`${IdpRefusal}${'Title' | 'Text'}`, string>;

const cache = new Map<PageLanguage, RefusalTexts>();

function textsFor(language: PageLanguage): RefusalTexts {
  let texts = cache.get(language);
  if (!texts) {
    const file = join(projectPath('locales'), language, 'analysis.json');
    texts = (JSON.parse(readFileSync(file, 'utf8')) as { idp: RefusalTexts }).idp;
    cache.set(language, texts);
  }
  return texts;
}

/**
 * The page's language from an `Accept-Language` header: the supported language the browser
 * ranks highest (`fr-CA;q=0.9` counts as French), English when it names none of them. The
 * window is a popup of the app, so the browser's languages are the staff member's.
 */
export function refusalLanguage(acceptLanguage: string | undefined): PageLanguage {
  const ranked = (acceptLanguage ?? '')
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0]?.toLowerCase() ?? '', q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    const language = PAGE_LANGUAGES.find((candidate) => candidate === primary);
    if (language) return language;
  }
  return PAGE_LANGUAGES[0];
}

/** A small HTML page for the sign-in window when it cannot go on, in the browser's language. */
export function idpRefusalPage(refusal: IdpRefusal, acceptLanguage: string | undefined): string {
  const language = refusalLanguage(acceptLanguage);
  const texts = textsFor(language);
  const title = escapeHtml(texts[`${refusal}Title`]);
  const text = escapeHtml(texts[`${refusal}Text`]);
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title>` +
    `</head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`
  );
}
