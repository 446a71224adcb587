import { Button, Classes, ProgressBar, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { PlusIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TaskListKind } from '../api/tasksApi';
import { isLanguage } from '../i18n/languages';
import { RemoteLoadingStatus } from '../stores/statuses';
import { BulkSelectionBar } from './BulkSelectionBar';
import { CommentsDialog } from './CommentsDialog';
import type { DashboardStore } from './DashboardStore';
import { ListBanners } from './ListBanners';
import { QuickFilterBar } from './QuickFilterBar';
import { ReassignDialogs } from '../tasks/ReassignDialogs';
import { TaskFilterPopover } from './TaskFilterPopover';
import { TaskListEmpty } from './TaskListEmpty';
import { TaskPager } from './TaskPager';
import { TaskSearchBox } from './TaskSearchBox';
import type { TaskListStore } from './TaskListStore';
import { TaskTable } from './TaskTable';
import { TeamTaskDetail } from './TeamTaskDetail';
import { useReturnFocus } from './useReturnFocus';
import { useTableHeight } from './useTableHeight';
import { Viewport, useViewport } from './useViewport';
import { useWorkStores } from '../tasks/useWorkStores';
import './Dashboard.css';

const TAB_ORDER: TaskListKind[] = [
  TaskListKind.assigned,
  TaskListKind.candidate,
  TaskListKind.team,
];

/** The id of the dashboard's tab strip; Blueprint names each tab and its panel after it. */
const TABS_ID = 'dashboard-tabs';

/**
 * The ids Blueprint gives a tab and the panel its `aria-controls` names, so the panel this
 * page draws itself (outside Blueprint's Tabs, which would redraw it with every count) is the
 * one the tab points at.
 */
export function tabIds(parentId: string, tabId: string): { tab: string; panel: string } {
  return {
    tab: `${Classes.TAB}-title_${parentId}_${tabId}`,
    panel: `${Classes.TAB_PANEL}_${parentId}_${tabId}`,
  };
}

/** Props of {@link DashboardTabs}. */
interface DashboardTabsProps {
  /** The dashboard whose lists the tabs choose. */
  dashboard: DashboardStore;
}

/**
 * The three tabs with their counts. An observer of its own, so a list reload redraws the tabs
 * only when a count changes (Blueprint's Tabs measure their indicator on every redraw).
 */
const DashboardTabs = observer(function DashboardTabs({ dashboard }: DashboardTabsProps) {
  const { t } = useTranslation();
  const active = dashboard.activeTab;
  // On a phone the strip scrolls sideways: the tab shown is brought into it whichever way it
  // was chosen (a tap, a notification's link), moving the strip only, never the page.
  useEffect(() => {
    const tab = document.getElementById(tabIds(TABS_ID, active).tab);
    const strip = tab?.closest<HTMLElement>('.tessera-dashboard__tabs');
    if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const tabBox = tab.getBoundingClientRect();
    const stripBox = strip.getBoundingClientRect();
    if (tabBox.left < stripBox.left) strip.scrollLeft -= stripBox.left - tabBox.left;
    else if (tabBox.right > stripBox.right) strip.scrollLeft += tabBox.right - stripBox.right;
  }, [active]);
  return (
    <Tabs
      id={TABS_ID}
      selectedTabId={dashboard.activeTab}
      onChange={(id) => void dashboard.selectTab(id as TaskListKind)}
      className="tessera-dashboard__tabs"
      size="large"
    >
      {TAB_ORDER.map((kind) => {
        const tabList = dashboard.lists[kind];
        const loaded = tabList.hasLoaded;
        return (
          <Tab
            key={kind}
            id={kind}
            // Blueprint's arrow keys move only between tabs that say they are enabled.
            disabled={false}
            // The arrow keys move the focus; the tab focused is the tab shown (automatic
            // activation), so the keyboard switches lists as a click does.
            onFocus={() => void dashboard.selectTab(kind)}
            title={
              <span className="tessera-tab" data-tab={kind}>
                <span>{t(`dashboard.tab.${kind}`)}</span>
                {loaded && (
                  <span
                    className="tessera-tab__count"
                    data-testid={`tab-count-${kind}`}
                    aria-label={t('dashboard.tabCount', {
                      count: tabList.counters.totalHeadCount,
                    })}
                  >
                    {tabList.counters.totalHeadCount}
                  </span>
                )}
              </span>
            }
          />
        );
      })}
    </Tabs>
  );
});

/** Props of {@link TaskListSection}. */
interface TaskListSectionProps {
  /** The dashboard, for the row actions. */
  dashboard: DashboardStore;
  /** The list shown. */
  list: TaskListStore;
  /** The layout. */
  viewport: Viewport;
  /** The most height the table may take. */
  maxHeight: number;
}

/**
 * The table (or the empty state) and the pager of one list. The part of the page a reload
 * changes, kept in its own observer so the tabs and filters above are not redrawn with it.
 */
const TaskListSection = observer(function TaskListSection({
  dashboard,
  list,
  viewport,
  maxHeight,
}: TaskListSectionProps) {
  const { t } = useTranslation();
  const loadedEmpty = list.rows.length === 0 && list.status === RemoteLoadingStatus.fullyLoaded;
  const waiting = list.awaitingFirstAnswer;
  return (
    <section className="tessera-dashboard__list" aria-label={t(`dashboard.tab.${list.kind}`)}>
      <div className="tessera-dashboard__progress">
        {list.isLoading && list.rows.length > 0 && <ProgressBar intent="primary" />}
      </div>
      {loadedEmpty ? (
        <TaskListEmpty list={list} />
      ) : (
        <>
          <TaskTable dashboard={dashboard} list={list} viewport={viewport} maxHeight={maxHeight} />
          {waiting ? (
            // Until the first answer nothing is known: no range, no "0 of 0".
            <p
              className="tessera-pager tessera-pager--loading"
              role="status"
              data-testid="list-loading"
            >
              <Spinner size={14} />
              <span>{t('dashboard.loading')}</span>
            </p>
          ) : (
            <TaskPager list={list} />
          )}
        </>
      )}
    </section>
  );
});

/**
 * The dashboard at `/` (spec 000 section 2): three tabs (assigned, candidate, team) with their
 * counts, each with quick filters, a search box, the filter popover and a server-paged table;
 * the team tab adds selection, bulk reassign and a detail view. A notification's link
 * (`?tab=assigned&filter=NEW`, `?tab=candidate`) chooses the tab once and is then dropped.
 */
export const DashboardPage = observer(function DashboardPage() {
  const { dashboard, processes } = useWorkStores();
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const viewport = useViewport(language);
  const [params, setParams] = useSearchParams();
  const tabsRef = useRef<HTMLDivElement>(null);
  const filtersRef = useRef<HTMLDivElement>(null);
  const maxHeight = useTableHeight(tabsRef, filtersRef);
  const panelRef = useRef<HTMLDivElement>(null);
  useReturnFocus(dashboard, panelRef);
  const linkTab = params.get('tab');
  const linkFilter = params.get('filter');

  useEffect(() => {
    void dashboard.open({ tab: linkTab, filter: linkFilter });
    if (linkTab) setParams({}, { replace: true });
  }, [dashboard, linkTab, linkFilter, setParams]);

  const list = dashboard.activeList;
  const detail = list.kind === TaskListKind.team ? dashboard.detailTask : null;
  const mobile = viewport === Viewport.mobile;

  const ids = tabIds(TABS_ID, list.kind);
  return (
    <div className={`tessera-dashboard tessera-dashboard--${viewport}`}>
      <div className="tessera-dashboard__top" ref={tabsRef}>
        <DashboardTabs dashboard={dashboard} />
        <Button
          intent="primary"
          icon={<PlusIcon />}
          text={mobile ? undefined : t('dashboard.startProcess')}
          aria-label={t('dashboard.startProcess')}
          className="tessera-dashboard__start"
          data-testid="start-process"
          onClick={() => processes.startProcess.open()}
        />
      </div>

      {TAB_ORDER.filter((kind) => kind !== list.kind).map((kind) => {
        // Each tab names a panel; those not shown are there, empty and hidden.
        const hidden = tabIds(TABS_ID, kind);
        return (
          <div key={kind} role="tabpanel" id={hidden.panel} aria-labelledby={hidden.tab} hidden />
        );
      })}
      <div
        role="tabpanel"
        id={ids.panel}
        aria-labelledby={ids.tab}
        className="tessera-dashboard__panel"
        ref={panelRef}
        tabIndex={-1}
      >
        {!detail && (
          <div className="tessera-dashboard__filters" ref={filtersRef}>
            <QuickFilterBar list={list} />
            <div className="tessera-dashboard__search">
              <TaskSearchBox key={list.kind} list={list} />
              <TaskFilterPopover list={list} dashboard={dashboard} compact={mobile} />
            </div>
          </div>
        )}

        <ListBanners dashboard={dashboard} list={list} />
        {list.kind === TaskListKind.team && !detail && <BulkSelectionBar dashboard={dashboard} />}

        {detail ? (
          <TeamTaskDetail dashboard={dashboard} task={detail} />
        ) : (
          <TaskListSection
            dashboard={dashboard}
            list={list}
            viewport={viewport}
            maxHeight={maxHeight}
          />
        )}
      </div>

      <ReassignDialogs reassign={dashboard.reassign} />
      <CommentsDialog comments={dashboard.comments} />
    </div>
  );
});
