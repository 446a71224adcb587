/** Where the analysis frame points, and whether it is this origin's own page. */
export interface AnalysisFrameSource {
  src: string;
  sameOrigin: boolean;
}

/**
 * The frame address of an object's `externalAnalysisUrl`: relative addresses are this
 * origin's (the demo's charts page, told the interface language); absolute ones must be
 * http(s). Anything else (`javascript:`, `data:`) gives null and no frame is drawn.
 */
export function analysisFrameSource(
  url: string,
  origin: string,
  language: string,
): AnalysisFrameSource | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const sameOrigin = parsed.origin === origin;
  if (sameOrigin && ['en', 'es', 'fr'].includes(language)) {
    parsed.searchParams.set('lang', language);
  }
  return { src: parsed.href, sameOrigin };
}
