import { Button, PopoverNext, PopupKind, Tag } from '@blueprintjs/core';
import { ChevronRightIcon, InboxIcon, TakeActionIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationGroup } from '../api/notificationsApi';
import { useWorkStores } from '../tasks/useWorkStores';
import { localizeTaskNameOfProcess } from '../i18n/localizeProcessText';
import { NotificationBell } from './NotificationBell';
import { NotificationKind } from '../../schemas/api/notificationsConstants';
import type { NotificationStore } from './NotificationStore';
import { NotificationsIllustration } from './NotificationsIllustration';
import './Notifications.css';

const SHOWN_PER_KIND = 3;

/** Props of {@link NotificationEntry}. */
interface NotificationEntryProps {
  /** Which kind. */
  kind: NotificationKind;
  /** Its notifications. */
  group: NotificationGroup;
  /** Opens it. */
  onOpen: () => void;
}

/** One kind of notification: its count, its newest tasks, and the way to the matching list. */
function NotificationEntry({ kind, group, onOpen }: NotificationEntryProps) {
  const { t, i18n } = useTranslation();
  const Icon = kind === NotificationKind.assigned ? InboxIcon : TakeActionIcon;
  return (
    <button
      type="button"
      className="tessera-notice"
      data-kind={kind}
      data-testid={`notification-${kind}`}
      onClick={onOpen}
    >
      <span className={`tessera-notice__icon tessera-notice__icon--${kind}`} aria-hidden>
        <Icon size={16} />
      </span>
      <span className="tessera-notice__body">
        <span className="tessera-notice__title">
          {t(`notifications.${kind}`, { count: group.count })}
        </span>
        <span className="tessera-notice__tasks">
          {group.notificationData.slice(0, SHOWN_PER_KIND).map((item) => (
            <span key={item.id} className="tessera-notice__task">
              {localizeTaskNameOfProcess(i18n, item.processName, item.taskName)}
              {item.groupName && (
                <span className="tessera-notice__group">
                  {' · '}
                  {t('notifications.viaGroup', { group: item.groupName })}
                </span>
              )}
            </span>
          ))}
        </span>
        <span className="tessera-notice__hint">
          {t(
            kind === NotificationKind.assigned
              ? 'notifications.assignedHint'
              : 'notifications.candidateHint',
          )}
        </span>
      </span>
      <ChevronRightIcon className="tessera-notice__chevron" aria-hidden />
    </button>
  );
}

/** Props of {@link NotificationPanel}. */
interface NotificationPanelProps {
  /** The notifications. */
  notifications: NotificationStore;
  /** Closes the popup after an entry is chosen. */
  onClose: () => void;
}

/** The popup's content: a title with the unread count, the two entries or the empty state. */
const NotificationPanel = observer(function NotificationPanel({
  notifications,
  onClose,
}: NotificationPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { assignedTasks, candidateTasks } = notifications.summary;
  const unread = notifications.unreadCount;
  const open = (kind: NotificationKind) => {
    onClose();
    void notifications.open(kind);
  };
  return (
    // A panel of entries and a setting, not a menu: a dialog named by its title.
    <div
      className="tessera-notifications"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="notification-panel"
    >
      <header className="tessera-notifications__header">
        <h2 className="tessera-notifications__title" id={titleId}>
          {t('notifications.title')}
        </h2>
        {unread > 0 && (
          <Tag round intent="danger" minimal data-testid="notification-unread">
            {t('notifications.unread', { count: unread })}
          </Tag>
        )}
      </header>
      {unread === 0 ? (
        <div className="tessera-notifications__empty">
          <NotificationsIllustration className="tessera-notifications__art" />
          <p className="tessera-notifications__empty-title">{t('notifications.empty')}</p>
          <p className="tessera-notifications__empty-text">{t('notifications.emptyText')}</p>
        </div>
      ) : (
        <div className="tessera-notifications__list">
          {assignedTasks.count > 0 && (
            <NotificationEntry
              kind={NotificationKind.assigned}
              group={assignedTasks}
              onOpen={() => open(NotificationKind.assigned)}
            />
          )}
          {candidateTasks.count > 0 && (
            <NotificationEntry
              kind={NotificationKind.candidate}
              group={candidateTasks}
              onOpen={() => open(NotificationKind.candidate)}
            />
          )}
        </div>
      )}
      {notifications.canAskForDesktop && (
        <footer className="tessera-notifications__footer">
          <Button
            variant="minimal"
            size="small"
            text={t('notifications.enableDesktop')}
            onClick={() => void notifications.askForDesktop()}
          />
        </footer>
      )}
    </div>
  );
});

/**
 * The header's notification bell with its popup (spec 000 section 2): the unread count ('9+'
 * above 9, through the shell), the entries for new assigned and new candidate tasks, and an
 * empty state. Mounting it starts the 30-minute refresh for the signed-in session.
 */
export const NotificationCenter = observer(function NotificationCenter() {
  const { notifications } = useWorkStores();
  const [isOpen, setOpen] = useState(false);

  useEffect(() => notifications.start(), [notifications]);

  return (
    <PopoverNext
      isOpen={isOpen}
      onInteraction={(next) => {
        setOpen(next);
        if (next) void notifications.refresh();
      }}
      placement="bottom-end"
      animation="minimal"
      arrow={false}
      // On a phone the panel is nearly as wide as the screen: keep it off both edges.
      middleware={{ shift: { padding: 8 } }}
      popupKind={PopupKind.DIALOG}
      // Focus starts on the first entry, or on the named panel when there is none.
      onOpened={(node) => {
        const panel = node.querySelector<HTMLElement>('[role="dialog"]');
        (panel?.querySelector<HTMLElement>('button') ?? panel)?.focus();
      }}
      content={<NotificationPanel notifications={notifications} onClose={() => setOpen(false)} />}
    >
      <NotificationBell active={isOpen} data-testid="notification-bell" />
    </PopoverNext>
  );
});
