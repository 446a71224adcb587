import { MenuIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NotificationCenter } from '../notifications/NotificationCenter';
import { UserMenu } from './UserMenu';
import { signedInRoutes } from './signedInRoutes';
import { pageHasOwnHeading, titleForPath } from './titleForPath';
import { IconButton } from '../components/IconButton';

/** Props of {@link AppHeader}. */
export interface AppHeaderProps {
  /** Opens or collapses the navigation drawer. */
  onToggleMenu: () => void;
  /** Whether the drawer is shown expanded, for the toggle's pressed state. */
  menuExpanded: boolean;
}

/** The id of the header's title, which the shell focuses on pages without a heading of their own. */
export const HEADER_TITLE_ID = 'tessera-header-title';

/**
 * The 64 px header: menu toggle, the page title, the notification bell and the user menu.
 * The title is the page's `<h1>` unless the page names what it shows in its own.
 */
export const AppHeader = observer(function AppHeader({
  onToggleMenu,
  menuExpanded,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = titleForPath(pathname, signedInRoutes);
  const title = titleKey ? t(titleKey) : '';
  return (
    <header className="tessera-header">
      <IconButton
        variant="minimal"
        icon={<MenuIcon size={18} />}
        label={t('shell.toggleNavigation')}
        aria-expanded={menuExpanded}
        onClick={onToggleMenu}
      />
      {pageHasOwnHeading(pathname, signedInRoutes) ? (
        <p className="tessera-header__title" id={HEADER_TITLE_ID}>
          {title}
        </p>
      ) : (
        <h1 className="tessera-header__title" id={HEADER_TITLE_ID} tabIndex={-1}>
          {title}
        </h1>
      )}
      <div className="tessera-header__actions">
        <NotificationCenter />
        <UserMenu />
      </div>
    </header>
  );
});
