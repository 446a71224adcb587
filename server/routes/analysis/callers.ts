import type { RouteCallersTable } from '../../testing/routeAccess';

const backOffice = { privilege: 'access-bo' } as const;
/** The demo's customers have no analysis report: back-office staff reach that check (404). */
const analysed = { access: { ...backOffice, object: 'tenant' }, ok: 404 } as const;
const chart = { query: { status: 'status', amount: 'amount', date: 'date' } };

/** Who may call the analysis tab's routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // The sign-in's last step for a staff member (HTML): with access-bo, an interaction that
  // was never begun has expired (400).
  'GET /api/idp/interaction/:uid': { access: backOffice, ok: 400 },
  // The identity provider's own endpoints: its discovery document is public; its token
  // endpoint wants a client's credentials, which no caller here has.
  'GET /api/idp/*': {
    access: 'public',
    request: { params: { '*': '.well-known/openid-configuration' } },
  },
  'POST /api/idp/*': { access: 'public', ok: 400, request: { params: { '*': 'token' } } },
  'GET /api/analysis/checks/:key/:version': analysed,
  'POST /api/analysis/checks/:key/:version': analysed,
  'GET /api/analysis/oauth/status': { access: backOffice },
  // A code the provider never issued: back-office staff reach the exchange's check.
  'POST /api/analysis/oauth/token': {
    access: backOffice,
    ok: 400,
    request: { body: { code: 'x', codeVerifier: 'v'.repeat(43) } },
  },
  // The charts need the analysis sign-in besides access-bo, which no caller here has done:
  // back-office staff are refused for it (403) before the object is looked up.
  'GET /api/analysis/data/:key/:version': { access: backOffice, ok: 403, request: chart },
  'GET /api/analysis/report/:key/:version': { access: backOffice, ok: 403, request: chart },
  'GET /api/analysis/report.css': { access: backOffice },
};
