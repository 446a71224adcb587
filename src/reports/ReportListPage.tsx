import { Button, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import {
  ArrowLeftIcon,
  ChevronRightIcon,
  TimelineBarChartIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isReportType, type ReportType } from '../../schemas/api/reportsConstants';
import { NotFoundState } from '../components/NotFoundState';
import { PageHeading } from '../components/PageHeading';
import { useIsMobile } from '../components/useIsMobile';
import { Paths } from '../routing/paths';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { formatAmount, formatNumber, formatReportDate } from '../core/format';
import { reportDetailPath } from './reportPaths';
import { ReportListStore } from './ReportListStore';
import type { ReportInstance } from '../api/reportsApi';
import '../process/Process.css';
import './Reports.css';

/** A column of the report table: its heading key and how a row fills it. */
interface ReportColumn {
  /** Translation key of the heading, under `reports.column`. */
  key: string;
  /** The cell's text. */
  cell(row: ReportInstance): string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/** The columns of a type: a loan application's own details, else the instance's facts. */
function columnsOf(
  type: ReportType,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): ReportColumn[] {
  if (type === 'loanApplication') {
    const details = (row: ReportInstance) => row.loanApplicationDetails;
    return [
      {
        key: 'sequenceNumber',
        cell: (row) => String(details(row)?.sequenceNumber ?? ''),
        numeric: true,
      },
      { key: 'product', cell: (row) => details(row)?.namePart ?? '' },
      { key: 'officer', cell: (row) => details(row)?.loanOfficer ?? '' },
      { key: 'supervisor', cell: (row) => details(row)?.loanSupervisor ?? '' },
      { key: 'customer', cell: (row) => details(row)?.customerFullName ?? '' },
      {
        key: 'amount',
        cell: (row) => formatAmount(details(row)?.loanAmount, language),
        numeric: true,
      },
      { key: 'currency', cell: (row) => details(row)?.currency ?? '' },
      {
        key: 'duration',
        cell: (row) => {
          const months = details(row)?.duration;
          return months === null || months === undefined
            ? ''
            : t('reports.durationMonths', { count: months });
        },
        numeric: true,
      },
      {
        key: 'status',
        cell: (row) => {
          const status = details(row)?.status;
          return status ? t(`reports.status.${status}`) : '';
        },
      },
    ];
  }
  return [
    { key: 'name', cell: (row) => row.name },
    { key: 'businessKey', cell: (row) => row.businessKey ?? '' },
    { key: 'startedBy', cell: (row) => row.startedBy.fullName },
    { key: 'started', cell: (row) => formatReportDate(row.started, language) },
    { key: 'ended', cell: (row) => formatReportDate(row.ended, language) },
  ];
}

/** The name a row is opened by, for its link and its accessible label. */
function rowName(type: ReportType, row: ReportInstance): string {
  if (type === 'loanApplication' && row.loanApplicationDetails) {
    const details = row.loanApplicationDetails;
    return `${details.sequenceNumber} · ${details.customerFullName || row.name}`;
  }
  return row.name;
}

/** Whether a click already landed on the row's own link (it navigates by itself). */
function onLink(event: MouseEvent | KeyboardEvent): boolean {
  return (event.target as HTMLElement).closest('a') !== null;
}

/** Props of {@link ReportTable}. */
interface ReportTableProps {
  /** The report type. */
  type: ReportType;
  /** Its rows. */
  rows: ReportInstance[];
}

/** The rows as a table: a click anywhere on a row opens it; its first cell is the link. */
function ReportTable({ type, rows }: ReportTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const columns = columnsOf(type, (key, options) => t(key, options ?? {}), i18n.language);
  const status = (row: ReportInstance) => row.loanApplicationDetails?.status;
  return (
    <div className="tessera-report__scroll">
      <HTMLTable interactive striped className="tessera-report__table" data-testid="report-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'is-numeric' : undefined}
                data-column={column.key}
              >
                {t(`reports.column.${column.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-instance-id={row.id}
              onClick={(event) => {
                if (!onLink(event)) void navigate(reportDetailPath(type, row.id));
              }}
            >
              {columns.map((column, index) => {
                const text = column.cell(row);
                const className = column.numeric ? 'is-numeric' : undefined;
                if (index === 0) {
                  return (
                    <th key={column.key} scope="row" className={className}>
                      <Link
                        to={reportDetailPath(type, row.id)}
                        aria-label={t('reports.openDetail', { name: rowName(type, row) })}
                      >
                        {text}
                      </Link>
                    </th>
                  );
                }
                if (column.key === 'status' && status(row)) {
                  return (
                    <td key={column.key}>
                      <Tag minimal intent={status(row) === 'approved' ? 'success' : 'danger'}>
                        {text}
                      </Tag>
                    </td>
                  );
                }
                return (
                  <td key={column.key} className={className}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** A card's columns: the currency goes with the amount, as a phone has little room. */
function cardColumns(columns: ReportColumn[]): ReportColumn[] {
  return columns.filter((column) => column.key !== 'currency');
}

/** A card's cell: the amount with its currency, the status as a coloured tag. */
function cardCell(column: ReportColumn, row: ReportInstance): ReactNode {
  const details = row.loanApplicationDetails;
  const text = column.cell(row);
  if (column.key === 'amount' && details && text) return `${text} ${details.currency}`.trim();
  if (column.key === 'status' && details) {
    return (
      <Tag minimal intent={details.status === 'approved' ? 'success' : 'danger'}>
        {text}
      </Tag>
    );
  }
  return text;
}

/** The rows as cards on a phone, each one link: the table's columns would not fit. */
function ReportCards({ type, rows }: ReportTableProps) {
  const { t, i18n } = useTranslation();
  const columns = columnsOf(type, (key, options) => t(key, options ?? {}), i18n.language);
  return (
    <ul className="tessera-report__cards" data-testid="report-cards">
      {rows.map((row) => {
        const [first, ...rest] = columns;
        return (
          <li key={row.id} data-instance-id={row.id}>
            <Link
              to={reportDetailPath(type, row.id)}
              className="tessera-report__card"
              aria-label={t('reports.openDetail', { name: rowName(type, row) })}
            >
              <span className="tessera-report__card-title">
                {type === 'loanApplication' ? rowName(type, row) : first?.cell(row)}
              </span>
              <dl>
                {cardColumns(type === 'loanApplication' ? columns.slice(1) : rest).map((column) => (
                  <div key={column.key}>
                    <dt>{t(`reports.column.${column.key}`)}</dt>
                    <dd>{cardCell(column, row) || '--'}</dd>
                  </div>
                ))}
              </dl>
              <ChevronRightIcon className="tessera-report__card-chevron" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Props of {@link ReportMore}. */
interface ReportMoreProps {
  /** The list read so far. */
  store: ReportListStore;
  /** Called after a following page came in, with how many rows were shown before it. */
  onLoaded(shownBefore: number): void;
}

/** Under the list: how many rows are shown of how many, and a button that reads the next page. */
const ReportMore = observer(function ReportMore({ store, onLoaded }: ReportMoreProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="tessera-report__more" data-testid="report-more">
      <span className="tessera-muted" data-testid="report-shown">
        {t('reports.shown', {
          shown: formatNumber(store.rows.length, 0, i18n.language),
          total: formatNumber(store.totalElements, 0, i18n.language),
        })}
      </span>
      <Button
        variant="outlined"
        text={t('reports.showMore')}
        loading={store.loadingMore}
        data-testid="report-show-more"
        onClick={() => {
          const shownBefore = store.rows.length;
          void store.loadMore().then(() => onLoaded(shownBefore));
        }}
      />
    </div>
  );
});

/**
 * `/report/{type}` (spec 001 section 2): the completed instances of loans, customers or loan
 * applications, newest end first, in one table read a server page (4000 rows) at a time;
 * loan applications with their own columns. A row opens its report. An unknown type is a
 * not-found page; the route needs access-bo.
 */
export const ReportListPage = observer(function ReportListPage() {
  const { type = '' } = useParams();
  const { toasts, preferences } = useStores();
  const [store] = useState(() => new ReportListStore(toasts));
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const language = preferences.language;
  const known = isReportType(type);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (known) void store.load(type, language);
  }, [store, known, type, language]);

  if (!known) {
    return (
      <div className="tessera-page">
        <NotFoundState
          title={t('shell.notFound')}
          description={t('shell.notFoundText')}
          backText={t('shell.backToDashboard')}
          backTo={Paths.home}
          data-testid="report-type-not-found"
        />
      </div>
    );
  }

  const loaded =
    store.type === type &&
    (store.status === RemoteLoadingStatus.fullyLoaded ||
      store.status === RemoteLoadingStatus.partiallyLoaded);
  // After a following page, focus goes to its first row rather than to the page's body.
  const focusFirstNew = (shownBefore: number) => {
    const rows = listRef.current?.querySelectorAll('[data-instance-id]');
    rows?.[shownBefore]?.querySelector('a')?.focus();
  };
  let body;
  if (store.status === RemoteLoadingStatus.loadingFailed) {
    body = (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={t('reports.loadFailed')}
        action={
          <Button
            variant="outlined"
            text={t('reports.retry')}
            onClick={() => void store.load(type, language)}
          />
        }
      />
    );
  } else if (!loaded && store.rows.length === 0) {
    body = (
      <div className="tessera-page--loading">
        <Spinner size={30} aria-label={t('common.loading')} />
      </div>
    );
  } else if (store.rows.length === 0) {
    body = (
      <div className="tessera-report__empty" data-testid="report-empty">
        <NonIdealState
          icon={<TimelineBarChartIcon size={40} />}
          title={t('reports.noDataAvailable')}
          description={t('reports.noDataAvailableText')}
        />
      </div>
    );
  } else {
    body = (
      <div ref={listRef}>
        {mobile ? (
          <ReportCards type={type} rows={store.rows} />
        ) : (
          <ReportTable type={type} rows={store.rows} />
        )}
        {store.hasMore && <ReportMore store={store} onLoaded={focusFirstNew} />}
      </div>
    );
  }

  return (
    <div className="tessera-page tessera-report" data-testid="report-list" data-report-type={type}>
      <Button
        variant="minimal"
        icon={<ArrowLeftIcon />}
        text={t('process.instance.back')}
        className="tessera-page__back"
        onClick={() => void navigate(Paths.home)}
      />
      <header className="tessera-page__header">
        <div>
          <p className="tessera-page__eyebrow">{t('shell.reports')}</p>
          <PageHeading className="tessera-page__title">{t(`reports.title.${type}`)}</PageHeading>
          <p className="tessera-muted tessera-report__intro">{t(`reports.intro.${type}`)}</p>
        </div>
        {loaded && store.rows.length > 0 && (
          <Tag minimal large data-testid="report-count">
            {t('reports.count', { count: store.totalElements })}
          </Tag>
        )}
      </header>
      {body}
    </div>
  );
});
