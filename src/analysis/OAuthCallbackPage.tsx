import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../components/PageHeading';
import { canCompleteSignIn, completeSignIn } from './completeSignIn';
import './analysis.css';

/**
 * `/oauth/callback` (spec 001 sections 2 and 4): in the sign-in popup, hands the code to
 * the window that opened it and closes; opened any other way, or without a code, it says
 * common.serverErrorTryAgain.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const [completing] = useState(() => canCompleteSignIn(window));
  useEffect(() => {
    if (completing) completeSignIn(window);
  }, [completing]);
  if (completing) {
    return (
      <div className="tessera-analysis__loading" role="status">
        <Spinner size={32} aria-label={t('analysis.callbackTitle')} />
      </div>
    );
  }
  return (
    <div className="tessera-analysis__state">
      <PageHeading data-testid="oauth-callback-error">
        {t('common.serverErrorTryAgain')}
      </PageHeading>
      <p className="tessera-muted" data-testid="oauth-callback-error-text">
        {t('analysis.callbackFailedText')}
      </p>
    </div>
  );
}
