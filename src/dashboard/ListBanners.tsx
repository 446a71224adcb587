import { Button, Callout } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { TaskListKind } from '../api/tasksApi';
import type { BulkReassignReport, DashboardStore } from './DashboardStore';
import { formatTaskName } from '../tasks/formatCells';
import { ListBanner, type TaskListStore } from './TaskListStore';

/** Props of {@link ListBanners}. */
export interface ListBannersProps {
  /** The dashboard, for the reassign success. */
  dashboard: DashboardStore;
  /** The list whose banner shows. */
  list: TaskListStore;
}

/** Props of {@link BulkReportBanner}. */
interface BulkReportBannerProps {
  /** The dashboard, to dismiss the report. */
  dashboard: DashboardStore;
  /** What the bulk reassign did. */
  report: BulkReassignReport;
}

/**
 * What a bulk reassign did when not every task moved: how many went to the person, then
 * each other task by name with why it stayed (already theirs, changed meanwhile...).
 */
function BulkReportBanner({ dashboard, report }: BulkReportBannerProps) {
  const { t } = useTranslation();
  const name = report.toUser.firstName || report.toUser.fullName;
  const nobodyMoved = report.moved === 0;
  return (
    <Callout
      intent={nobodyMoved ? 'warning' : 'primary'}
      compact
      className="tessera-banner tessera-bulk-report"
      role="status"
      data-testid="bulk-report"
    >
      <div className="tessera-banner__text">
        <p data-testid="bulk-report-moved">
          {t('dashboard.multiAssignSuccessMsg', { count: report.moved, name })}{' '}
          {t('dashboard.bulkReport.notMoved', { count: report.notMoved.length })}
        </p>
        <ul className="tessera-bulk-report__list">
          {report.notMoved.map((task) => (
            <li key={task.taskId} data-task-id={task.taskId} data-code={task.code}>
              <strong>{formatTaskName(task.taskName)}</strong>
              {': '}
              {t(`dashboard.bulkReport.reason.${task.code}`, { name })}
            </li>
          ))}
        </ul>
      </div>
      <Button
        variant="minimal"
        size="small"
        text={t('common.dismiss')}
        onClick={() => dashboard.dismissBulkReport()}
      />
    </Callout>
  );
}

/**
 * The messages above a table: what the last bulk reassign did when not every task moved, a dismissible error (the list failed to load, with a retry, or
 * a reassign failed) and 'reassigned successfully', which leaves by itself after 7 s.
 */
export const ListBanners = observer(function ListBanners({ dashboard, list }: ListBannersProps) {
  const { t } = useTranslation();
  return (
    <>
      {dashboard.reassignSuccessVisible && (
        <Callout
          intent="success"
          compact
          className="tessera-banner"
          role="status"
          data-testid="reassign-success"
        >
          <span className="tessera-banner__text">{t('dashboard.reassignSuccess')}</span>
          <Button
            variant="minimal"
            size="small"
            text={t('common.dismiss')}
            onClick={() => dashboard.hideReassignSuccess()}
          />
        </Callout>
      )}
      {list.kind === TaskListKind.team && dashboard.bulkReport && (
        <BulkReportBanner dashboard={dashboard} report={dashboard.bulkReport} />
      )}
      {list.banner && (
        <Callout
          intent="danger"
          compact
          className="tessera-banner"
          role="alert"
          data-testid="list-banner"
        >
          <span className="tessera-banner__text">
            {list.banner === ListBanner.technical
              ? t('dashboard.loadError')
              : t('dashboard.reassignError')}
          </span>
          {list.banner === ListBanner.technical && (
            <Button
              size="small"
              variant="outlined"
              text={t('common.retry')}
              onClick={() => void list.load()}
            />
          )}
          <Button
            variant="minimal"
            size="small"
            text={t('common.dismiss')}
            onClick={() => list.dismissBanner()}
          />
        </Callout>
      )}
    </>
  );
});
