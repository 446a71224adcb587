import { Drawer } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { StartProcessDrawer } from '../process/StartProcessDrawer';
import { useStores } from '../stores/useStores';
import { AppHeader, HEADER_TITLE_ID } from './AppHeader';
import { DocumentTitleSync } from './DocumentTitleSync';
import { LiveAnnouncer } from './LiveAnnouncer';
import { NavContent } from './NavContent';
import { SkipLink } from './SkipLink';
import { PageFocus, PageFocusContext } from '../components/pageFocus';
import { signedInRoutes } from './signedInRoutes';
import { pageHasOwnHeading } from './titleForPath';
import { useIsMobile } from '../components/useIsMobile';
import { drawerCollapsed, useDrawerNarrow } from './drawerBreakpoint';
import './Shell.css';

/** The id of the shell's main region, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props of {@link Shell}. */
export interface ShellProps {
  /** The current screen. */
  children: ReactNode;
}

/**
 * The signed-in frame: a navigation drawer (collapsible on desktop, a modal drawer below
 * 600 px) beside the 64 px header and the screen.
 */
export const Shell = observer(function Shell({ children }: ShellProps) {
  const { preferences, shell } = useStores();
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  // At 956 px and below the drawer closes to its rail (spec 000 section 9) without touching
  // the kept choice; opening it by hand there lasts until the window crosses the line again.
  const narrow = useDrawerNarrow();
  const [openedWhileNarrow, setOpenedWhileNarrow] = useState(false);
  const [narrowSeen, setNarrowSeen] = useState(narrow);
  if (narrowSeen !== narrow) {
    setNarrowSeen(narrow);
    setOpenedWhileNarrow(false);
  }
  const collapsed = drawerCollapsed({
    narrow,
    preferenceCollapsed: preferences.drawerCollapsed,
    openedWhileNarrow,
  });
  const [pageFocus] = useState(() => new PageFocus());
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  // Whether the phone drawer is closing because one of its links was followed. A ref: the
  // drawer's closing transition calls back with the props it had while open.
  const drawerNavigated = useRef(false);

  // After a move to another page, focus its heading rather than leaving it on <body> or on
  // the link that is gone. A layout effect, so it is armed before the new page's heading
  // (a passive effect) asks for it; the first page of a visit keeps the browser's focus.
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (pageHasOwnHeading(pathname, signedInRoutes)) pageFocus.arm();
    else document.getElementById(HEADER_TITLE_ID)?.focus();
  }, [pathname, pageFocus]);

  return (
    <PageFocusContext.Provider value={pageFocus}>
      <div className={`tessera-shell${!isMobile && collapsed ? ' is-collapsed' : ''}`}>
        <SkipLink targetId={MAIN_CONTENT_ID} />
        <DocumentTitleSync />
        {isMobile ? (
          <Drawer
            isOpen={shell.mobileDrawerOpen}
            position="left"
            size={280}
            onClose={() => shell.setMobileDrawerOpen(false)}
            // While the drawer is open it keeps focus inside, and once closed it hands focus
            // back to the menu button: after a link was followed, the new page's heading
            // takes it from there (a heading still loading takes it when it appears).
            onClosed={() => {
              if (!drawerNavigated.current) return;
              drawerNavigated.current = false;
              const heading =
                document.querySelector<HTMLElement>('main h1[tabindex="-1"]') ??
                document.querySelector<HTMLElement>(`h1#${HEADER_TITLE_ID}`);
              heading?.focus();
            }}
            aria-label={t('shell.navigation')}
            className="tessera-shell__mobile-drawer"
          >
            <nav aria-label={t('shell.navigation')} className="tessera-shell__mobile-nav">
              <NavContent
                collapsed={false}
                onNavigate={() => {
                  drawerNavigated.current = true;
                  shell.setMobileDrawerOpen(false);
                }}
              />
            </nav>
          </Drawer>
        ) : (
          <nav aria-label={t('shell.navigation')} className="tessera-shell__drawer">
            <NavContent
              collapsed={collapsed}
              onExpand={() =>
                narrow ? setOpenedWhileNarrow(true) : preferences.setDrawerCollapsed(false)
              }
            />
          </nav>
        )}
        <div className="tessera-shell__main">
          <AppHeader
            menuExpanded={isMobile ? shell.mobileDrawerOpen : !collapsed}
            onToggleMenu={() =>
              isMobile
                ? shell.setMobileDrawerOpen(!shell.mobileDrawerOpen)
                : narrow
                  ? setOpenedWhileNarrow(collapsed)
                  : preferences.toggleDrawer()
            }
          />
          {/* The skip link moves focus here. */}
          <main id={MAIN_CONTENT_ID} className="tessera-shell__content">
            {children}
          </main>
        </div>
        <StartProcessDrawer />
        <LiveAnnouncer />
      </div>
    </PageFocusContext.Provider>
  );
});
