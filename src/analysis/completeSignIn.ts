import { OAUTH_COMPLETE_ACTION } from '../../schemas/api/analysisConstants';

/** What the sign-in popup posts to the window that opened it. */
export interface OAuthCompleteMessage {
  action: typeof OAUTH_COMPLETE_ACTION;
  code: string;
  state: string;
}

/** The parts of `window` the callback screen uses. */
export interface CallbackWindow {
  location: { search: string; origin: string };
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null;
  close(): void;
}

/** Whether this window is a sign-in popup with a code to hand over. */
export function canCompleteSignIn(win: CallbackWindow): boolean {
  const code = new URLSearchParams(win.location.search).get('code');
  return Boolean(code) && win.opener !== null && (win.opener as unknown) !== win;
}

/**
 * The callback screen's work (spec 001 section 4): with a code in the query string and an
 * opener, posts `oauth_complete` with the code to the opener, only at this origin, and
 * closes the popup; answers false otherwise, and the screen shows the error.
 */
export function completeSignIn(win: CallbackWindow): boolean {
  const query = new URLSearchParams(win.location.search);
  const code = query.get('code');
  const opener = win.opener;
  if (!code || !opener || !canCompleteSignIn(win)) return false;
  const message: OAuthCompleteMessage = {
    action: OAUTH_COMPLETE_ACTION,
    code,
    state: query.get('state') ?? '',
  };
  opener.postMessage(message, win.location.origin);
  win.close();
  return true;
}
