import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { SessionStatus } from '../stores/SessionStore';
import { useStores } from '../stores/useStores';

/** Props of {@link SignedInGate}. */
export interface SignedInGateProps {
  /** The signed-in area, shown once the account is loaded. */
  children: ReactNode;
}

/**
 * Holds the signed-in routes back until the account is loaded (spec 000 section 2) and the
 * task work's stores with it: until then the page reads "Authenticating...", and the session
 * check runs if nobody started it. The stores' chunk failing to arrive is thrown to the error
 * boundary, as a screen's own chunk would be.
 */
export const SignedInGate = observer(function SignedInGate({ children }: SignedInGateProps) {
  const stores = useStores();
  const { session } = stores;
  const { t } = useTranslation();
  const [workFailure, setWorkFailure] = useState<unknown>(null);
  const needsCheck = session.account === null && session.status !== SessionStatus.checking;
  const needsWork = session.account !== null && stores.work === null;

  useEffect(() => {
    if (needsCheck) void session.start();
  }, [needsCheck, session]);

  useEffect(() => {
    if (needsWork) stores.loadWork().catch((error: unknown) => setWorkFailure(() => error));
  }, [needsWork, stores]);

  if (workFailure) throw workFailure;
  if (!session.account || !stores.work) {
    return <FullPageSpinner label={t('common.authenticating')} />;
  }
  return <>{children}</>;
});
