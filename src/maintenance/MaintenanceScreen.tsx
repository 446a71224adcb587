import { Button, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../brand/Wordmark';
import { LanguageSelect } from '../components/LanguageSelect';
import { useStores } from '../stores/useStores';
import { MaintenanceIllustration } from './MaintenanceIllustration';
import { MaintenanceReason } from '../stores/SessionStore';
import {
  checkMaintenance,
  MAINTENANCE_POLL_MS,
  MaintenanceWatch,
  UNAVAILABLE_POLL_MS,
} from './MaintenanceWatch';
import './MaintenanceScreen.css';

/**
 * The maintenance page (`/maintenance`): says so in the user's language, and every ten
 * seconds asks the server again (less often while it cannot be reached at all); once it
 * answers with anything but 503 the app returns to `/`. When the 503 said the database is
 * unavailable, it says that instead, asks every five seconds and offers to try at once.
 */
export const MaintenanceScreen = observer(function MaintenanceScreen() {
  const { session } = useStores();
  const { t } = useTranslation();
  const unavailable = session.maintenanceReason === MaintenanceReason.databaseUnavailable;
  const [checking, setChecking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Arriving from a page whose control is gone (a call failed under the user's hands), focus
  // would be left on the body: the heading takes it, so a screen reader says what happened.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) {
      heading.current?.focus();
    }
  }, [unavailable]);

  useEffect(() => {
    const watch = new MaintenanceWatch({
      check: checkMaintenance,
      // The session check runs again on `/`, as after any other maintenance.
      onOver: () => void session.leaveMaintenanceIfOver(),
      // A database outage usually passes in seconds: ask as often as the server says to.
      pollMs: unavailable ? UNAVAILABLE_POLL_MS : MAINTENANCE_POLL_MS,
    });
    watch.start();
    return () => watch.stop();
  }, [session, unavailable]);

  const checkNow = async () => {
    setChecking(true);
    try {
      await session.leaveMaintenanceIfOver();
    } finally {
      setChecking(false);
    }
  };

  const texts = unavailable
    ? {
        header: t('maintenance.unavailableHeader'),
        subHeader: t('maintenance.unavailableSubHeader'),
        autoRetry: t('maintenance.unavailableAutoRetry'),
      }
    : {
        header: t('maintenance.header'),
        subHeader: t('maintenance.subHeader'),
        autoRetry: t('maintenance.autoRetry'),
      };

  return (
    <main className="tessera-maintenance">
      <div className="tessera-maintenance__column">
        <Wordmark size={26} />
        <MaintenanceIllustration className="tessera-maintenance__art" />
        <h1 className="tessera-maintenance__header" ref={heading} tabIndex={-1}>
          {texts.header}
        </h1>
        <p className="tessera-maintenance__subheader">{texts.subHeader}</p>
        {/* A div: the spinner is a div, which a paragraph may not hold. */}
        <div className="tessera-maintenance__retry" role="status">
          <Spinner size={14} />
          <span>{texts.autoRetry}</span>
        </div>
        {unavailable && (
          <Button
            className="tessera-maintenance__retry-now"
            intent="primary"
            icon="refresh"
            loading={checking}
            onClick={() => void checkNow()}
          >
            {t('maintenance.retryNow')}
          </Button>
        )}
        <LanguageSelect id="maintenance-language" className="tessera-maintenance__language" />
      </div>
    </main>
  );
});
