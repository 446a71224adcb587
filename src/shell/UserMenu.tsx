import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, LogOutIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SavingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { Avatar } from '../components/Avatar';

/**
 * The header's user menu: avatar, name and email, and Logout behind a confirmation dialog
 * titled with the user's email.
 */
export const UserMenu = observer(function UserMenu() {
  const { session } = useStores();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const account = session.account;
  if (!account) return null;
  const name = account.fullName || account.email;

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        animation="minimal"
        arrow={false}
        content={
          <div className="tessera-user-menu">
            <div className="tessera-user-menu__who">
              <Avatar name={account.firstName || name} size={40} />
              <div className="tessera-user-menu__text">
                <span className="tessera-user-menu__name">{name}</span>
                <span className="tessera-user-menu__email">{account.email}</span>
              </div>
            </div>
            <Menu>
              <MenuDivider />
              <MenuItem
                icon={<LogOutIcon />}
                text={t('shell.logout')}
                onClick={() => setConfirming(true)}
              />
            </Menu>
          </div>
        }
      >
        <Button
          variant="minimal"
          className="tessera-user-button"
          aria-label={t('shell.userMenu')}
          endIcon={<CaretDownIcon />}
        >
          <Avatar name={account.firstName || name} size={30} />
          <span className="tessera-user-button__name">{name}</span>
        </Button>
      </PopoverNext>
      <ConfirmDialog
        isOpen={confirming}
        title={account.email}
        message={t('shell.logoutConfirm')}
        primaryText={t('shell.logout')}
        secondaryText={t('common.cancel')}
        busy={session.logoutStatus === SavingStatus.saving}
        onConfirm={() => {
          void session.logout().then(() => setConfirming(false));
        }}
        onCancel={() => setConfirming(false)}
        // Looked up when needed: the popover wraps its target and keeps the ref for itself.
        returnFocusTo={() => document.querySelector<HTMLElement>('.tessera-user-button')}
      />
    </>
  );
});
