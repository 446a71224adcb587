import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
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
 * Holds the signed-in routes back until the account is loaded (spec 000 section 2): until
 * then the page reads "Authenticating...", and the session check runs if nobody started it.
 */
export const SignedInGate = observer(function SignedInGate({ children }: SignedInGateProps) {
  const { session } = useStores();
  const { t } = useTranslation();
  const needsCheck = session.account === null && session.status !== SessionStatus.checking;

  useEffect(() => {
    if (needsCheck) void session.start();
  }, [needsCheck, session]);

  if (!session.account) return <FullPageSpinner label={t('common.authenticating')} />;
  return <>{children}</>;
});
