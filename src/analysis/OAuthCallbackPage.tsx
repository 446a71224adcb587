import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { PageHeading } from '../components/PageHeading';
import { canCompleteSignIn, completeSignIn } from './completeSignIn';
import './analysis.css';

/**
 * `/oauth/callback` (spec 001 sections 2 and 4): in the sign-in popup, hands the code to
 * the window that opened it and closes; opened any other way, or without a code, it says
 * common.serverErrorTryAgain. While it hands the code over, a spinner covers the whole
 * window, shell included (spec 000 section 2): the popup has nothing else to show.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const [completing] = useState(() => canCompleteSignIn(window));
  useEffect(() => {
    if (completing) completeSignIn(window);
  }, [completing]);
  if (completing) {
    return (
      <div className="tessera-analysis__callback-wait" data-testid="oauth-callback-wait">
        <FullPageSpinner label={t('analysis.callbackTitle')} />
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
