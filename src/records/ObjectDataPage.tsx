import { Button, HTMLSelect, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, FilterIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { AnalysisPanel } from '../analysis/AnalysisPanel';
import { AnalysisTab } from '../analysis/AnalysisStore';
import { useAnalysisStore } from '../analysis/useAnalysisStore';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { RECORD_PAGE_SIZES, type RecordPageSize } from '../../schemas/api/recordsConstants';
import { NotFoundState } from '../components/NotFoundState';
import { PageHeading } from '../components/PageHeading';
import { useIsMobile } from '../components/useIsMobile';
import { localizeText } from '../core/forms/compiler/localizeText';
import { formatNumber } from '../core/format';
import { Paths } from '../routing/paths';
import { useStores } from '../stores/useStores';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import { DownloadStatus } from './RecordsStore';
import { readObjectDataNavigationState } from './objectDataNavigationState';
import { RecordFilters } from './RecordFilters';
import { RecordsTable } from './RecordsTable';
import { versionFromPath } from './recordPaths';
import { useRecordsStore } from './useRecordsStore';
import { BusyButton } from '../components/BusyButton';
import { IconButton } from '../components/IconButton';
import { usePagerFocus, type PagerStep } from '../components/usePagerFocus';
import './records.css';

/**
 * `/objectdata/{key}/{version}` (spec 001 section 2): an object's records, titled with its
 * label, in the tabs Records and (only when the object has an analysis address) Analyses.
 * Records is the filterable, sortable, server-paged table with its xlsx download; Analyses
 * asks for the user's consent once, then shows the embedded report (src/analysis).
 */
export const ObjectDataPage = observer(function ObjectDataPage() {
  const { key = '', version: versionText } = useParams();
  const version = versionFromPath(versionText);
  const store = useRecordsStore();
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const analysis = useAnalysisStore();
  const pager = usePagerFocus(store.isLoading);

  // A list state carried back (from the process instance a delete started) is restored.
  const { state: navigationState } = useLocation();
  useEffect(() => {
    void store.open(key, version, readObjectDataNavigationState(navigationState));
    analysis.setObject(key, version);
  }, [store, analysis, key, version, navigationState]);

  const definition = store.key === key && store.version === version ? store.definition : null;
  // Spec 001 2.50: the list waits for the dictionaries, so a code never shows before its label.
  const { dictionaries } = useStores();
  const labelsCodes = definition?.fields.some((field) => field.dictionary !== undefined) ?? false;
  useEffect(() => {
    if (labelsCodes) dictionaries.load().catch(() => undefined);
  }, [labelsCodes, dictionaries]);
  const awaitingLabels =
    labelsCodes &&
    (dictionaries.status === RemoteLoadingStatus.unknown ||
      dictionaries.status === RemoteLoadingStatus.loading);
  if (!definition || awaitingLabels) {
    if (!definition && store.definitionStatus === RemoteLoadingStatus.loadingFailed) {
      return (
        <NotFoundState
          title={t('records.notFoundTitle')}
          description={t('records.notFoundText')}
          backText={t('records.backToDashboard')}
          backTo={Paths.home}
          data-testid="records-not-found"
        />
      );
    }
    return (
      <div className="tessera-records__loading-page" role="status">
        <Spinner size={32} aria-label={t('records.loading')} />
      </div>
    );
  }

  const label = localizeText(definition.label, i18n.language);
  const columns = definition.fields.filter((field) =>
    isMobile ? field.visibleInMobile : field.visibleInOthers,
  );
  const activeFilters = store.appliedFilters.length;
  const first = store.rangeFirst;
  const last = store.rangeLast;
  const loading = store.isLoading;
  const atFirst = store.page === 0;
  const atLast = !store.hasNextPage;
  const step = (direction: PagerStep) => {
    if (loading) return;
    pager.pressed(direction);
    void store.goToPage(store.page + (direction === 'next' ? 1 : -1));
  };

  const records = (
    <div className="tessera-records__panel">
      <div className="tessera-records__toolbar">
        <Button
          icon={<FilterIcon />}
          active={store.filtersOpen}
          aria-expanded={store.filtersOpen}
          aria-controls="records-filters"
          onClick={() => store.setFiltersOpen(!store.filtersOpen)}
        >
          {t('records.filters')}
          {activeFilters > 0 && (
            <Tag round minimal intent="primary" className="tessera-records__filter-count">
              {activeFilters}
            </Tag>
          )}
        </Button>
        <span className="tessera-records__count">
          {store.status === RemoteLoadingStatus.fullyLoaded &&
            (store.totalCapped
              ? t('records.countMoreThan', {
                  formatted: formatNumber(store.totalElements, undefined, i18n.language),
                })
              : t('records.count', {
                  count: store.totalElements,
                  formatted: formatNumber(store.totalElements, undefined, i18n.language),
                }))}
        </span>
        <BusyButton
          icon={<DownloadIcon />}
          busy={store.downloadStatus === DownloadStatus.loading}
          disabled={store.totalElements === 0}
          onClick={() => void store.download(i18n.language, `${label}.xlsx`)}
        >
          {t('records.download')}
        </BusyButton>
      </div>
      {store.filtersOpen && (
        <div id="records-filters">
          <RecordFilters store={store} fields={definition.fields} />
        </div>
      )}
      {store.rows.length === 0 && store.status === RemoteLoadingStatus.fullyLoaded ? (
        <NonIdealState
          className="tessera-records__empty"
          icon="search"
          title={t('records.emptyTitle')}
          description={activeFilters > 0 ? t('records.emptyFiltered') : t('records.emptyText')}
        />
      ) : store.status === RemoteLoadingStatus.loadingFailed && store.rows.length === 0 ? (
        <NonIdealState
          className="tessera-records__empty"
          icon="error"
          title={t('records.loadFailed')}
          action={<Button onClick={() => void store.loadPage()}>{t('records.retry')}</Button>}
        />
      ) : (
        <RecordsTable store={store} columns={columns} />
      )}
      <nav className="tessera-records__pager" aria-label={t('records.pagination')}>
        <label className="tessera-records__page-size">
          <span>{t('records.pageSize')}</span>
          <HTMLSelect
            value={store.pageSize}
            onChange={(event) =>
              void store.setPageSize(Number(event.currentTarget.value) as RecordPageSize)
            }
            options={RECORD_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          />
        </label>
        <span className="tessera-records__range">
          {t('records.range', {
            first: formatNumber(first, undefined, i18n.language),
            last: formatNumber(last, undefined, i18n.language),
            total: store.totalCapped
              ? t('records.totalMoreThan', {
                  formatted: formatNumber(store.totalElements, undefined, i18n.language),
                })
              : formatNumber(store.totalElements, undefined, i18n.language),
          })}
        </span>
        <IconButton
          variant="minimal"
          icon={<ChevronLeftIcon />}
          label={t('records.previousPage')}
          ref={pager.previousRef}
          disabled={atFirst}
          aria-disabled={loading || atFirst}
          onClick={() => step('previous')}
        />
        <span className="tessera-records__page" data-testid="records-page">
          {t('records.pageOf', {
            page: formatNumber(store.page + 1, undefined, i18n.language),
            pages: store.totalCapped
              ? t('records.totalMoreThan', {
                  formatted: formatNumber(store.pageCount, undefined, i18n.language),
                })
              : formatNumber(store.pageCount, undefined, i18n.language),
          })}
        </span>
        <IconButton
          variant="minimal"
          icon={<ChevronRightIcon />}
          label={t('records.nextPage')}
          ref={pager.nextRef}
          disabled={atLast}
          aria-disabled={loading || atLast}
          onClick={() => step('next')}
        />
      </nav>
    </div>
  );

  return (
    <div className="tessera-records">
      <PageHeading className="tessera-records__heading">
        <span
          className="tessera-records__dot"
          aria-hidden="true"
          style={{ backgroundColor: definition.colour }}
        />
        {label}
      </PageHeading>
      <Tabs
        id="records-tabs"
        selectedTabId={definition.externalAnalysisUrl ? analysis.tab : AnalysisTab.records}
        onChange={(next) => void analysis.selectTab(next as AnalysisTab)}
        renderActiveTabPanelOnly
      >
        {/* `disabled={false}` is explicit: Blueprint's arrow keys only move between tabs
            marked aria-disabled="false", which it leaves out when the prop is absent. */}
        <Tab
          id={AnalysisTab.records}
          title={t('records.tabRecords')}
          panel={records}
          disabled={false}
        />
        {definition.externalAnalysisUrl && (
          <Tab
            id={AnalysisTab.analyses}
            title={t('records.tabAnalyses')}
            disabled={false}
            panel={
              <AnalysisPanel store={analysis} url={definition.externalAnalysisUrl} label={label} />
            }
          />
        )}
      </Tabs>
      <ConfirmDialog
        isOpen={analysis.consentDialogOpen}
        title={t('analysis.consentTitle')}
        message={t('analysis.consentText')}
        primaryText={t('analysis.consentContinue')}
        secondaryText={t('analysis.consentCancel')}
        busy={analysis.consentStatus === SavingStatus.saving}
        onConfirm={() => void analysis.acceptConsent()}
        onCancel={() => analysis.cancelConsent()}
      />
    </div>
  );
});
