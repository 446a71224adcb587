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
  /**
   * The identity provider's email domain per tenant: only an account of that domain counts
   * as signed in with the provider (spec 001 section 6). A tenant without one has none.
   */
  accountDomains: Record<string, string>;
}

/** The demo tenants' staff domains, the default of ANALYSIS_IDP_DOMAINS. */
export const DEMO_ACCOUNT_DOMAINS = 'internal=tessera.example,acme=acme.example';

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** ANALYSIS_IDP_DOMAINS: comma-separated `tenant=domain` pairs. */
function accountDomains(raw: string): Record<string, string> {
  const domains: Record<string, string> = {};
  for (const item of raw.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    const [tenant = '', domain = '', ...rest] = item.split('=').map((part) => part.trim());
    const lower = domain.toLowerCase();
    if (tenant === '' || rest.length > 0 || !DOMAIN.test(lower)) {
      throw new AnalysisConfigError(
        `ANALYSIS_IDP_DOMAINS takes tenant=domain pairs such as internal=bank.example, got "${item}".`,
      );
    }
    domains[tenant] = lower;
  }
  return domains;
}

/**
 * Reads ANALYSIS_IDP (`builtin` by default: it only ever signs in this tenant's staff who are
 * already signed in to Tessera), ANALYSIS_FRAME_ORIGINS (comma-separated `https://host`
 * origins of external analysis reports; none by default) and ANALYSIS_IDP_DOMAINS (each
 * tenant's provider domain; the demo tenants' by default).
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
  return {
    identityProvider: idp,
    frameOrigins,
    accountDomains: accountDomains(env.ANALYSIS_IDP_DOMAINS ?? DEMO_ACCOUNT_DOMAINS),
  };
}
