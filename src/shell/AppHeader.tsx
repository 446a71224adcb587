import { Button } from '@blueprintjs/core';
import { MenuIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NotificationCenter } from '../notifications/NotificationCenter';
import { UserMenu } from './UserMenu';
import { signedInRoutes } from './signedInRoutes';
import { titleForPath } from './titleForPath';

/** Props of {@link AppHeader}. */
export interface AppHeaderProps {
  /** Opens or collapses the navigation drawer. */
  onToggleMenu: () => void;
  /** Whether the drawer is shown expanded, for the toggle's pressed state. */
  menuExpanded: boolean;
}

/** The 64 px header: menu toggle, the page title, the notification bell and the user menu. */
export const AppHeader = observer(function AppHeader({
  onToggleMenu,
  menuExpanded,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = titleForPath(pathname, signedInRoutes);
  return (
    <header className="tessera-header">
      <Button
        variant="minimal"
        icon={<MenuIcon size={18} />}
        aria-label={t('shell.toggleNavigation')}
        title={t('shell.toggleNavigation')}
        aria-expanded={menuExpanded}
        onClick={onToggleMenu}
      />
      <h1 className="tessera-header__title">{titleKey ? t(titleKey) : ''}</h1>
      <div className="tessera-header__actions">
        <NotificationCenter />
        <UserMenu />
      </div>
    </header>
  );
});
