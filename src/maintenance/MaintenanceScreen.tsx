import { Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../brand/Wordmark';
import { LanguageSelect } from '../components/LanguageSelect';
import { useStores } from '../stores/useStores';
import { MaintenanceIllustration } from './MaintenanceIllustration';
import { checkMaintenance, MaintenanceWatch } from './MaintenanceWatch';
import './MaintenanceScreen.css';

/**
 * The maintenance page (`/maintenance`): says so in the user's language, and every ten
 * seconds asks the server again (less often while it cannot be reached at all); once it
 * answers with anything but 503 the app returns to `/`.
 */
export const MaintenanceScreen = observer(function MaintenanceScreen() {
  const { session } = useStores();
  const { t } = useTranslation();

  useEffect(() => {
    const watch = new MaintenanceWatch({
      check: checkMaintenance,
      // The session check runs again on `/`, as after any other maintenance.
      onOver: () => void session.leaveMaintenanceIfOver(),
    });
    watch.start();
    return () => watch.stop();
  }, [session]);

  return (
    <main className="tessera-maintenance">
      <div className="tessera-maintenance__column">
        <Wordmark size={26} />
        <MaintenanceIllustration className="tessera-maintenance__art" />
        <h1 className="tessera-maintenance__header">{t('maintenance.header')}</h1>
        <p className="tessera-maintenance__subheader">{t('maintenance.subHeader')}</p>
        {/* A div: the spinner is a div, which a paragraph may not hold. */}
        <div className="tessera-maintenance__retry" role="status">
          <Spinner size={14} />
          <span>{t('maintenance.autoRetry')}</span>
        </div>
        <LanguageSelect id="maintenance-language" className="tessera-maintenance__language" />
      </div>
    </main>
  );
});
