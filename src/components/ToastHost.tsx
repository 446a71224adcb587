import { OverlayToaster, Toast } from '@blueprintjs/core';
import { TickIcon, ErrorIcon, InfoSignIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastIntent } from '../stores/ToastStore';
import { useStores } from '../stores/useStores';

const ICONS: Record<ToastIntent, ReactElement> = {
  primary: <InfoSignIcon />,
  success: <TickIcon />,
  warning: <WarningSignIcon />,
  danger: <ErrorIcon />,
  none: <InfoSignIcon />,
};

/**
 * Renders the ToastStore's messages in one Blueprint OverlayToaster at the top of the page;
 * results are heard through the live region, failures as alerts.
 */
export const ToastHost = observer(function ToastHost() {
  const { toasts } = useStores();
  const { t } = useTranslation();
  return (
    <OverlayToaster position="top" maxToasts={4}>
      {toasts.toasts.map((toast) => (
        <Toast
          key={toast.id}
          intent={toast.intent === 'none' ? undefined : toast.intent}
          icon={ICONS[toast.intent]}
          message={
            // Blueprint reads every toast as an alert; a result is spoken by the live
            // region instead, so it is hidden here from screen readers, not heard twice.
            toasts.spokenByLiveRegion(toast.intent) ? (
              <span aria-hidden="true">{t(toast.key, toast.values)}</span>
            ) : (
              t(toast.key, toast.values)
            )
          }
          timeout={toast.timeout}
          onDismiss={() => toasts.dismiss(toast.id)}
        />
      ))}
    </OverlayToaster>
  );
});
