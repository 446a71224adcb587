const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL of a link field if it is safe to open: http, https or mailto, absolute or
 * relative to the app. `javascript:` and `data:` URLs from a user-made form are refused.
 */
export function safeUrl(url: string, base: string): string | undefined {
  try {
    const parsed = new URL(url.trim(), base);
    return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
