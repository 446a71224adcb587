import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, LogOutIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstItem, MENU_ITEMS, moveFocusByArrowKey } from '../components/arrowKeyFocus';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { SavingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { Avatar } from '../components/Avatar';

/** The header's account button, found when needed: the popover keeps its target's ref. */
const userButton = () => document.querySelector<HTMLElement>('.tessera-user-button');

/**
 * The header's user menu: avatar, name and email, and Logout behind a confirmation dialog
 * titled with the user's email. Enter or Space opens it on its first item, the arrow keys,
 * Home and End move among the items, and Escape closes it with the focus back on its button.
 */
export const UserMenu = observer(function UserMenu() {
  const { session } = useStores();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  // Read when the menu has closed: a chosen Logout has opened its dialog, which has the focus.
  const confirmingNow = useRef(false);
  confirmingNow.current = confirming;
  const account = session.account;
  if (!account) return null;
  const name = account.fullName || account.email;

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        animation="minimal"
        arrow={false}
        // Focus goes back by hand: returned on close, it would leave the confirm dialog that
        // Logout opens at the same moment.
        shouldReturnFocusOnClose={false}
        onOpened={(node) => focusFirstItem(node, MENU_ITEMS)}
        onClosed={() => {
          // The menu's item may still hold the focus as it leaves, or the body once it left.
          const active = document.activeElement;
          const lost = !active || active === document.body || active.closest('.tessera-user-menu');
          if (!confirmingNow.current && lost) userButton()?.focus();
        }}
        content={
          <div className="tessera-user-menu">
            <div className="tessera-user-menu__who">
              <Avatar name={account.firstName || name} size={40} />
              <div className="tessera-user-menu__text">
                <span className="tessera-user-menu__name">{name}</span>
                <span className="tessera-user-menu__email">{account.email}</span>
              </div>
            </div>
            <Menu
              aria-label={t('shell.userMenu')}
              onKeyDown={(event) => moveFocusByArrowKey(event, MENU_ITEMS)}
            >
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
        returnFocusTo={userButton}
      />
    </>
  );
});
