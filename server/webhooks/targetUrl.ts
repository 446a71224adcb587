/** The placeholder a configured URL may start with: this server's own address. */
export const SELF_ORIGIN = '{self}';

/**
 * A configured target's URL with `{self}` resolved to this server's own origin; undefined
 * when it is not an http(s) URL or `{self}` cannot be resolved (the server is not listening).
 */
export function targetUrl(configured: string, selfOrigin: string | undefined): URL | undefined {
  let text = configured;
  if (configured.startsWith(SELF_ORIGIN)) {
    if (selfOrigin === undefined) return undefined;
    text = selfOrigin + configured.slice(SELF_ORIGIN.length);
  }
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
