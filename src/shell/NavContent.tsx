import { Button, Collapse } from '@blueprintjs/core';
import {
  ChevronDownIcon,
  DashboardIcon,
  EyeOpenIcon,
  TimelineBarChartIcon,
  TranslateIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Wordmark } from '../brand/Wordmark';
import { LanguageSelect } from '../components/LanguageSelect';
import { Privilege } from '../../schemas/api/identityConstants';
import { Paths } from '../routing/paths';
import { useStores } from '../stores/useStores';

/** Props of {@link NavContent}. */
export interface NavContentProps {
  /** Shows icons only (the collapsed desktop drawer). */
  collapsed: boolean;
  /** Called after an entry is chosen (the phone drawer closes itself). */
  onNavigate?: () => void;
  /** Expands the drawer (a collapsed group or the language was asked for). */
  onExpand?: () => void;
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `tessera-nav__item${isActive ? ' is-active' : ''}`;

/**
 * What the navigation drawer holds, on desktop and in the phone drawer alike: the wordmark,
 * Dashboard, the form preview (access-test only), the Reports group (access-bo only; it says
 * that no report exists yet) and the language selector at the foot.
 */
export const NavContent = observer(function NavContent({
  collapsed,
  onNavigate,
  onExpand,
}: NavContentProps) {
  const { session } = useStores();
  const { t } = useTranslation();
  const [reportsOpen, setReportsOpen] = useState(true);

  return (
    <div className={`tessera-nav${collapsed ? ' is-collapsed' : ''}`}>
      <div className="tessera-nav__brand">
        <Wordmark size={24} markOnly={collapsed} />
      </div>
      <div className="tessera-nav__items">
        <NavLink
          to={Paths.home}
          end
          className={itemClass}
          title={collapsed ? t('shell.dashboard') : undefined}
          onClick={onNavigate}
        >
          <DashboardIcon className="tessera-nav__icon" />
          <span className="tessera-nav__label">{t('shell.dashboard')}</span>
        </NavLink>

        {session.hasPrivilege(Privilege.accessTest) && (
          <NavLink
            to={Paths.formPreview}
            className={itemClass}
            title={collapsed ? t('preview.nav') : undefined}
            onClick={onNavigate}
          >
            <EyeOpenIcon className="tessera-nav__icon" />
            <span className="tessera-nav__label">{t('preview.nav')}</span>
          </NavLink>
        )}

        {session.canSeeReports && (
          <div className="tessera-nav__group">
            <button
              type="button"
              className="tessera-nav__item tessera-nav__group-header"
              aria-expanded={collapsed ? false : reportsOpen}
              aria-controls="nav-reports"
              title={collapsed ? t('shell.reports') : undefined}
              onClick={() => {
                if (collapsed) {
                  setReportsOpen(true);
                  onExpand?.();
                } else setReportsOpen((open) => !open);
              }}
            >
              <TimelineBarChartIcon className="tessera-nav__icon" />
              <span className="tessera-nav__label">{t('shell.reports')}</span>
              <ChevronDownIcon className={`tessera-nav__chevron${reportsOpen ? ' is-open' : ''}`} />
            </button>
            <Collapse isOpen={!collapsed && reportsOpen}>
              <div id="nav-reports" className="tessera-nav__subitems">
                <p className="tessera-nav__empty">{t('shell.noReports')}</p>
              </div>
            </Collapse>
          </div>
        )}
      </div>
      <div className="tessera-nav__foot">
        {collapsed ? (
          <Button
            variant="minimal"
            icon={<TranslateIcon />}
            aria-label={t('common.language')}
            title={t('common.language')}
            onClick={onExpand}
          />
        ) : (
          <LanguageSelect id="drawer-language" />
        )}
      </div>
    </div>
  );
});
