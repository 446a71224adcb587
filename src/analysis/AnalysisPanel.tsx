import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { analysisFrameSource } from './analysisFrameSource';
import { SignInStatus, type AnalysisStore } from './AnalysisStore';
import './analysis.css';

/** Props of {@link AnalysisPanel}. */
export interface AnalysisPanelProps {
  /** The tab's state. */
  store: AnalysisStore;
  /** The object definition's `externalAnalysisUrl`. */
  url: string;
  /** The object's label, for the frame's title. */
  label: string;
}

/**
 * The Analyses tab's content (spec 001 section 2): a sign-in prompt until the report's
 * external identity is signed in, then the report in a frame. Another origin's report is
 * sandboxed: it keeps its scripts within its own origin but cannot navigate this page.
 */
export const AnalysisPanel = observer(function AnalysisPanel({
  store,
  url,
  label,
}: AnalysisPanelProps) {
  const { t, i18n } = useTranslation();
  const source = analysisFrameSource(url, window.location.origin, i18n.language);

  if (store.signIn === SignInStatus.unknown || store.signIn === SignInStatus.checking) {
    return (
      <div className="tessera-analysis__loading" role="status">
        <Spinner size={32} aria-label={t('analysis.checking')} />
      </div>
    );
  }
  if (store.signIn === SignInStatus.checkFailed || source === null) {
    return (
      <NonIdealState
        className="tessera-analysis__state"
        icon="error"
        title={t('common.serverErrorTryAgain')}
        action={<Button onClick={() => void store.checkSignIn()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (store.signIn !== SignInStatus.signedIn) {
    return (
      <NonIdealState
        className="tessera-analysis__state"
        icon="log-in"
        title={t('analysis.signInTitle')}
        description={t('analysis.signInText')}
        action={
          <Button
            intent="primary"
            loading={store.signIn === SignInStatus.signingIn}
            onClick={() => store.startSignIn()}
            data-testid="analysis-sign-in"
          >
            {t('analysis.signIn')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="tessera-analysis">
      <p className="tessera-analysis__account" data-testid="analysis-account">
        {t('analysis.signedInAs', { email: store.account ?? '' })}
      </p>
      <iframe
        className="tessera-analysis__frame"
        title={t('analysis.frameTitle', { label })}
        src={source.src}
        // This origin's own page has no script at all and its CSP allows none; another
        // origin's report keeps its scripts, but may not navigate or script this page.
        sandbox={
          source.sameOrigin ? undefined : 'allow-scripts allow-same-origin allow-forms allow-popups'
        }
        referrerPolicy="no-referrer"
        data-testid="analysis-frame"
      />
    </div>
  );
});
