import { Collapse } from '@blueprintjs/core';
import {
  ChevronDownIcon,
  DashboardIcon,
  DataConnectionIcon,
  DocumentIcon,
  EyeOpenIcon,
  FlowLinearIcon,
  TimelineBarChartIcon,
  TranslateIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Wordmark } from '../brand/Wordmark';
import { LanguageSelect } from '../components/LanguageSelect';
import { Privilege } from '../../schemas/api/identityConstants';
import { localizeText } from '../core/forms/compiler/localizeText';
import { objectDefinitionList } from '../records/ObjectDefinitionList';
import { objectDataPath } from '../records/recordPaths';
import { IconButton } from '../components/IconButton';
import '../records/recordsNav.css';
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

/** The completed-instance reports of the Reports group, after the objects (spec 001 section 2). */
const INSTANCE_REPORTS = [
  { type: 'loan', labelKey: 'records.nav.loanReport' },
  { type: 'customer', labelKey: 'records.nav.customerReport' },
  { type: 'loanApplication', labelKey: 'records.nav.loanApplicationReport' },
] as const;

/**
 * What the navigation drawer holds, on desktop and in the phone drawer alike: the wordmark,
 * Dashboard, the form preview (access-test only), the administrators' Document templates,
 * Processes and Integrations (access-admin only), the Reports group (access-bo only: one
 * entry per object definition with its label and coloured dot, then the completed-instance
 * reports) and the language selector at the foot.
 */
export const NavContent = observer(function NavContent({
  collapsed,
  onNavigate,
  onExpand,
}: NavContentProps) {
  const { session } = useStores();
  const { t, i18n } = useTranslation();
  const [reportsOpen, setReportsOpen] = useState(true);
  const canSeeReports = session.canSeeReports;
  const userId = session.account?.id;

  useEffect(() => {
    if (canSeeReports && userId) void objectDefinitionList.load(userId);
  }, [canSeeReports, userId]);

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

        {session.hasPrivilege(Privilege.accessAdmin) && (
          <NavLink
            to={Paths.documentTemplates}
            className={itemClass}
            title={collapsed ? t('document.admin.nav') : undefined}
            onClick={onNavigate}
          >
            <DocumentIcon className="tessera-nav__icon" />
            <span className="tessera-nav__label">{t('document.admin.nav')}</span>
          </NavLink>
        )}

        {session.hasPrivilege(Privilege.accessAdmin) && (
          <NavLink
            to={Paths.processDeployments}
            className={itemClass}
            title={collapsed ? t('process.deployments.nav') : undefined}
            onClick={onNavigate}
          >
            <FlowLinearIcon className="tessera-nav__icon" />
            <span className="tessera-nav__label">{t('process.deployments.nav')}</span>
          </NavLink>
        )}

        {session.hasPrivilege(Privilege.accessAdmin) && (
          <NavLink
            to={Paths.integrations}
            className={itemClass}
            title={collapsed ? t('integrations.nav') : undefined}
            onClick={onNavigate}
          >
            <DataConnectionIcon className="tessera-nav__icon" />
            <span className="tessera-nav__label">{t('integrations.nav')}</span>
          </NavLink>
        )}

        {canSeeReports && (
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
                {objectDefinitionList.items.map((definition) => (
                  <NavLink
                    key={definition.key}
                    to={objectDataPath(definition.key, definition.version)}
                    className={itemClass}
                    onClick={onNavigate}
                  >
                    <span
                      className="tessera-nav__dot"
                      aria-hidden="true"
                      style={{ backgroundColor: definition.colour }}
                    />
                    <span className="tessera-nav__label">
                      {localizeText(definition.label, i18n.language)}
                    </span>
                  </NavLink>
                ))}
                {INSTANCE_REPORTS.map((report) => (
                  <NavLink
                    key={report.type}
                    to={`/report/${report.type}`}
                    className={itemClass}
                    onClick={onNavigate}
                  >
                    <span
                      className="tessera-nav__dot tessera-nav__dot--report"
                      aria-hidden="true"
                    />
                    <span className="tessera-nav__label">{t(report.labelKey)}</span>
                  </NavLink>
                ))}
              </div>
            </Collapse>
          </div>
        )}
      </div>
      <div className="tessera-nav__foot">
        {collapsed ? (
          <IconButton
            variant="minimal"
            icon={<TranslateIcon />}
            label={t('common.language')}
            onClick={onExpand}
          />
        ) : (
          <LanguageSelect id="drawer-language" />
        )}
      </div>
    </div>
  );
});
