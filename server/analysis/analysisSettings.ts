/** Thrown for an analysis setting the server cannot use (read at start-up). */
export class AnalysisConfigError extends Error {
  override name = 'AnalysisConfigError';
}

/** How the analysis tab's sign-in and frames are set up. */
export interface AnalysisSettings {
  /** `builtin`: this server runs the identity provider; `off`: no analysis sign-in at all. */
  identityProvider: 'builtin' | 'off';
  /** Origins besides this one whose analysis pages may be framed (`frame-src`). */
  frameOrigins: string[];
}

/**
 * Reads ANALYSIS_IDP (`builtin` by default: it only ever signs in this tenant's staff who are
 * already signed in to Tessera) and ANALYSIS_FRAME_ORIGINS (comma-separated `https://host`
 * origins of external analysis reports; none by default).
 */
export function loadAnalysisSettings(env: NodeJS.ProcessEnv = process.env): AnalysisSettings {
  const idp = (env.ANALYSIS_IDP ?? 'builtin').trim() || 'builtin';
  if (idp !== 'builtin' && idp !== 'off') {
    throw new AnalysisConfigError(`ANALYSIS_IDP must be builtin or off, got "${idp}".`);
  }
  const frameOrigins = (env.ANALYSIS_FRAME_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      let url: URL;
      try {
        url = new URL(item);
      } catch {
        throw new AnalysisConfigError(
          `ANALYSIS_FRAME_ORIGINS has an address that is not one: "${item}".`,
        );
      }
      if (!['https:', 'http:'].includes(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
        throw new AnalysisConfigError(`ANALYSIS_FRAME_ORIGINS takes origins only, got "${item}".`);
      }
      return url.origin;
    });
  return { identityProvider: idp, frameOrigins };
}
