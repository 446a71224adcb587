// The analysis tab's paths and names, without any schema, so the records screen can import
// them without the schema library.

import { apiRoute } from './apiRoute';

/**
 * Analysis calls (spec 001 section 7, "Analysis check" and "/oauth/status"). Every call needs
 * a full session with access-bo and sees only the caller's tenant; the report and its data
 * also need the external identity signed in for the session.
 */
export const AnalysisPath = {
  /** GET: whether the user accepted the analysis warning for the object; POST: accept it. */
  check: apiRoute('/api/analysis/checks/:key/:version'),
  /** GET: the identity provider to sign in with; the account header when signed in. */
  status: '/api/analysis/oauth/status',
  /** POST: exchanges an authorization code (with its PKCE verifier) for the identity. */
  token: '/api/analysis/oauth/token',
  /** GET: the chart figures of one object's records (external identity required). */
  data: apiRoute('/api/analysis/data/:key/:version'),
  /** GET: the charts page the demo's analysis addresses name (external identity required). */
  report: apiRoute('/api/analysis/report/:key/:version'),
  /** GET: the charts page's stylesheet. */
  stylesheet: '/api/analysis/report.css',
  /** Where the built-in identity provider is mounted. */
  idp: '/api/idp',
} as const;

/** The header of the status answer that names the signed-in external account (its email). */
export const ANALYSIS_ACCOUNT_HEADER = 'x-analysis-account';

/** The message a sign-in popup posts to its opener (spec 001 section 4). */
export const OAUTH_COMPLETE_ACTION = 'oauth_complete';

/** The client id the records screen signs in with at the built-in identity provider. */
export const ANALYSIS_CLIENT_ID = 'tessera-analysis';

/** The callback route of the sign-in popup (spec 001 section 2). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

/** The sign-in popup's size (spec 001 section 7). */
export const OAUTH_POPUP = { width: 500, height: 600 } as const;
