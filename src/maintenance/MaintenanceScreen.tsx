import { Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../brand/Wordmark';
import { LanguageSelect } from '../components/LanguageSelect';
import { useStores } from '../stores/useStores';
import { MaintenanceIllustration } from './MaintenanceIllustration';
import './MaintenanceScreen.css';

/** How often the page asks whether maintenance is over. */
export const MAINTENANCE_POLL_MS = 10_000;

/**
 * The maintenance page (`/maintenance`): says so in the user's language, and every ten
 * seconds asks the server again; once it no longer answers 503 the app returns to `/`.
 */
export const MaintenanceScreen = observer(function MaintenanceScreen() {
  const { session } = useStores();
  const { t } = useTranslation();

  useEffect(() => {
    let busy = false;
    const timer = window.setInterval(() => {
      if (busy) return;
      busy = true;
      void session.leaveMaintenanceIfOver().finally(() => {
        busy = false;
      });
    }, MAINTENANCE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [session]);

  return (
    <main className="tessera-maintenance">
      <div className="tessera-maintenance__column">
        <Wordmark size={26} />
        <MaintenanceIllustration className="tessera-maintenance__art" />
        <h1 className="tessera-maintenance__header">{t('maintenance.header')}</h1>
        <p className="tessera-maintenance__subheader">{t('maintenance.subHeader')}</p>
        <p className="tessera-maintenance__retry" role="status">
          <Spinner size={14} />
          <span>{t('maintenance.autoRetry')}</span>
        </p>
        <LanguageSelect id="maintenance-language" className="tessera-maintenance__language" />
      </div>
    </main>
  );
});
