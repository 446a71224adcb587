import { Button, type ButtonProps } from '@blueprintjs/core';
import { NotificationsIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/useStores';

/**
 * Props of {@link NotificationBell}: any Button props, so the notification feature can make
 * the bell the target of its popover (`ref`, `onClick`, `active`).
 */
export type NotificationBellProps = Omit<ButtonProps, 'icon' | 'text' | 'children'>;

/** The header's bell with the unread count from the ShellStore ('9+' above 9). */
export const NotificationBell = observer(function NotificationBell(props: NotificationBellProps) {
  const { shell } = useStores();
  const { t } = useTranslation();
  const label =
    shell.unreadCount > 0
      ? t('shell.notificationsUnread', { count: shell.unreadCount })
      : t('shell.notifications');
  return (
    <Button
      variant="minimal"
      className="tessera-bell"
      aria-label={label}
      title={label}
      {...props}
      icon={
        <span className="tessera-bell__icon">
          <NotificationsIcon size={18} />
          {shell.badgeText !== null && (
            <span className="tessera-bell__badge" data-testid="unread-badge">
              {shell.badgeText}
            </span>
          )}
        </span>
      }
    />
  );
});
