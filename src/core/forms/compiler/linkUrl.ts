import { fillTemplate, splitTemplate } from '../../template';

/** The schemes a link of a form may open; `javascript:`, `data:` and the rest never. */
export const ALLOWED_LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

// Any base will do: only the scheme of the result is read.
const BASE = 'https://form.invalid/';

/**
 * Whether a link template of a form may become an href: `${field}` placeholders stand for
 * a harmless word, then the URL must read as http, https or mailto, absolute or relative
 * to the app, the way a browser reads it (case, spaces and control characters included).
 * A template whose scheme is built from a placeholder (`${scheme}:...`) is refused too;
 * one that starts with a placeholder (`${link}`) is checked again at runtime, with values.
 */
export function isAllowedLinkTemplate(template: string): boolean {
  try {
    const placeholders = splitTemplate(template, (source) => source);
    const sample = fillTemplate(placeholders, { valueOf: () => 'x' });
    return ALLOWED_LINK_PROTOCOLS.has(new URL(sample.trim(), BASE).protocol);
  } catch {
    return false;
  }
}
