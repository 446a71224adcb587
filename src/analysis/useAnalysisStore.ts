import { useEffect, useState } from 'react';
import { useStores } from '../stores/useStores';
import {
  exchangeAnalysisCode,
  fetchAnalysisCheck,
  fetchAnalysisStatus,
  recordAnalysisConsent,
} from '../api/analysisApi';
import { AnalysisStore, SignInStatus } from './AnalysisStore';
import { createPkcePair } from './pkce';

/** How often a sign-in popup is looked at, to notice it was closed without a code. */
const POPUP_WATCH_MS = 1000;

/**
 * The analysis tab's store for one records screen, listening to `message` events (the
 * sign-in popup's answer) for as long as the screen is shown.
 */
export function useAnalysisStore(): AnalysisStore {
  const { toasts } = useStores();
  const [store] = useState(
    () =>
      new AnalysisStore({
        api: {
          fetchCheck: fetchAnalysisCheck,
          recordConsent: recordAnalysisConsent,
          fetchStatus: fetchAnalysisStatus,
          exchangeCode: exchangeAnalysisCode,
          createPkcePair,
        },
        toasts,
        origin: window.location.origin,
        openPopup: (url, features) => window.open(url, 'tessera-analysis-sign-in', features),
      }),
  );
  useEffect(() => {
    const listener = (event: MessageEvent) => void store.receiveMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [store]);
  const signingIn = store.signIn === SignInStatus.signingIn;
  useEffect(() => {
    if (!signingIn) return undefined;
    const timer = window.setInterval(() => store.watchPopup(), POPUP_WATCH_MS);
    return () => window.clearInterval(timer);
  }, [store, signingIn]);
  return store;
}
