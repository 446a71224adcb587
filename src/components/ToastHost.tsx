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

/** Renders the ToastStore's messages in one Blueprint OverlayToaster at the top of the page. */
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
          message={t(toast.key, toast.values)}
          timeout={toast.timeout}
          onDismiss={() => toasts.dismiss(toast.id)}
        />
      ))}
    </OverlayToaster>
  );
});
