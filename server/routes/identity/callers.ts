import type { RouteCallersTable } from '../../testing/routeAccess';
import { fullSessions } from '../../testing/routeAccess';

/** Who may call the identity routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // Signing in needs no session; Lucas's right password signs him in at his own tenant's
  // host only (the acme host has no such account). One at a time: simultaneous sign-ins to one
  // account are throttled.
  'POST /identity/login': {
    access: 'public',
    changes: true,
    request: { body: { email: 'lucas.martin@tessera.example', password: 'Tessera#2026' } },
    except: { otherTenant: 400 },
  },
  // The client asks whether it is signed in: a password-change session is sent to the
  // password page (307).
  'GET /identity/authorizationStatus': { access: 'any session', except: { mustChange: 307 } },
  'GET /identity/account': { access: 'session' },
  // Signing out ends whatever session the cookie names (sent by the app: the test sends the
  // tenant header as the app does), and answers without one too.
  'GET /identity/signOut': { access: 'public' },
  'GET /identity/password-settings': { access: 'any session' },
  'GET /identity/password-settings/unauthenticated': { access: 'public' },
  // The caller's own email and no current password: a full session must give its current
  // password (400); a password-change session sets the new one (200).
  'POST /identity/password': {
    access: 'any session',
    changes: true,
    request: { body: { email: ':callerEmail', password: 'Access-check-2026!' } },
    except: fullSessions(400),
  },
  // Asking for a reset link answers the same whoever asks and whatever the account (202).
  'POST /identity/password/reset-request': {
    access: 'public',
    ok: 202,
    request: { body: { email: 'lucas.martin@tessera.example' } },
  },
  // A code that was never sent: refused for everyone, signed in or not.
  'POST /identity/accounts/:tenantId/verify/reset-password': {
    access: 'public',
    ok: 400,
    request: { query: { oobCode: 'x' } },
  },
  'POST /identity/password/reset': { access: 'public', ok: 400 },
  'GET /identity/system/settings': { access: 'public' },
};
