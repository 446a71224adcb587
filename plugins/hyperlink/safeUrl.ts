import { ALLOWED_LINK_PROTOCOLS } from '../../src/core/forms/compiler/linkUrl';

/**
 * The URL of a link field if it is safe to open: http, https or mailto, absolute or
 * relative to the app. `javascript:` and `data:` URLs from a user-made form, or built at
 * runtime from a form's values, are refused: the compiler drops a written one, and this
 * is the check of the URL as it is about to become an href.
 */
export function safeUrl(url: string, base: string): string | undefined {
  // An empty URL would resolve to the app itself: a link that is missing is not one.
  if (url.trim() === '') return undefined;
  try {
    const parsed = new URL(url.trim(), base);
    return ALLOWED_LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
