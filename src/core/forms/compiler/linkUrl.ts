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

/** The scheme a link written without one is given (see docs/decisions.md). */
export const DEFAULT_LINK_SCHEME = 'https://';

// A scheme as a URL parser reads one (`https:`, `mailto:`, `javascript:`).
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// A host with a port (`intranet:8080/loans`), which a parser would read as a scheme.
const HOST_AND_PORT = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*:\d+(?:[/?#]|$)/i;

/**
 * A Flowable or APS link as the exporting product opens it: one written without a scheme
 * (`www.example.com`) names a site, which APS opens by putting a scheme in front; a browser
 * would read it relative to the app instead. The text is returned trimmed, with
 * `https://` in front when it has no scheme; a link relative to the app (`/`, `.`, `#`, `?`)
 * and a template starting with a placeholder (`${link}`, whose value may carry its own
 * scheme) are kept. A scheme already written is never changed, so `javascript:` and `data:`
 * links stay what they are and are refused by `isAllowedLinkTemplate`.
 */
export function withLinkScheme(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || /^[/.#?]/.test(trimmed) || trimmed.startsWith('${')) return trimmed;
  if (SCHEME.test(trimmed) && !HOST_AND_PORT.test(trimmed)) return trimmed;
  return `${DEFAULT_LINK_SCHEME}${trimmed}`;
}
