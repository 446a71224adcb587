import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon, DownloadIcon, ShareIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { isReportType, type ReportType } from '../../schemas/api/reportsConstants';
import { ProcessType } from '../../schemas/api/processes';
import { NotFoundState } from '../components/NotFoundState';
import { GenerateDocumentMenu } from '../documents/GenerateDocumentMenu';
import { PageHeading } from '../components/PageHeading';
import type { FormServices } from '../forms/registry/formServices';
import { TaskForm } from '../forms/runtime/TaskForm';
import { createFileService } from '../forms/taskPage/createFileService';
import { createUsersSource } from '../forms/taskPage/createUsersSource';
import { localizePartTitle } from '../forms/taskPage/localizePartTitle';
import { localizeTaskName } from '../i18n/localizeProcessText';
import { Paths } from '../routing/paths';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { newTabTarget } from '../tasks/newTabTarget';
import { Privilege } from '../../schemas/api/identityConstants';
import { formatAmount, formatReportDate } from '../core/format';
import { reportListPath } from './reportPaths';
import { ReportDetailStore } from './ReportDetailStore';
import type { ReportInstance, ReportTask } from '../api/reportsApi';
import '../process/Process.css';
import './Reports.css';

const NO_SUBMIT = () => undefined;

/** Props of {@link CompletedTaskBlock}. */
interface CompletedTaskBlockProps {
  /** The completed task. */
  task: ReportTask;
  /** The key of the instance's process, whose task names the locales translate. */
  processKey: string;
  /** The page's language. */
  locale: string;
  /** Whether dates carry the time (loan applications). */
  withTime: boolean;
}

/**
 * One completed task: its name, who completed it and when, and each of its forms read-only
 * with the values it was completed with (a combined task's parts under their titles).
 */
function CompletedTaskBlock({ task, processKey, locale, withTime }: CompletedTaskBlockProps) {
  const { t, i18n } = useTranslation();
  const { session } = useStores();
  // In report mode the open-in-new-tab icon opens the form page with the form id appended
  // (spec 001 section 2), for form authors (access-test).
  const firstFormId = task.forms[0]?.formId ?? null;
  const newTab =
    firstFormId !== null && session.hasPrivilege(Privilege.accessTest)
      ? newTabTarget({ formKey: firstFormId, taskId: task.id, reportMode: true })
      : null;
  // The task's own file store and people directory, so its pictures and people show.
  const services = useMemo<FormServices>(
    () => ({ usersSource: createUsersSource(), files: createFileService(task.id) }),
    [task.id],
  );
  const headingId = `report-task-${task.id}`;
  return (
    <section
      className="tessera-report__task"
      aria-labelledby={headingId}
      data-testid="report-task"
      data-task-id={task.id}
    >
      <header className="tessera-report__task-header">
        <h2 id={headingId}>
          {localizeTaskName(i18n, processKey, task.name)}
          {newTab && (
            <a
              className="tessera-task-header__new-tab"
              href={newTab}
              target="_blank"
              rel="noopener noreferrer"
              title={t('tasks.header.openInNewTab')}
              aria-label={t('tasks.header.openInNewTab')}
              data-testid="report-open-new-tab"
            >
              <ShareIcon size={14} />
            </a>
          )}
        </h2>
        <p className="tessera-muted">
          {t('reports.completedBy', {
            name: task.completedBy?.fullName ?? '--',
            date: formatReportDate(task.completedAt, locale, withTime),
          })}
        </p>
      </header>
      {task.forms.map((entry) => (
        <div key={entry.formId} className="tessera-report__form">
          {entry.title !== null && (
            <h3 className="tessera-report__part-title">
              {localizePartTitle(i18n, entry.formId, entry.title, locale)}
            </h3>
          )}
          <TaskForm
            form={entry.form}
            initialValues={entry.values}
            readOnly
            locale={locale}
            services={services}
            onSubmit={NO_SUBMIT}
          />
        </div>
      ))}
    </section>
  );
}

/** Props of {@link InstanceFacts}. */
interface InstanceFactsProps {
  /** The instance. */
  instance: ReportInstance;
  /** The page's language. */
  locale: string;
  /** Whether dates carry the time (loan applications). */
  withTime: boolean;
}

/** The instance's name, starter, start and end, and a loan application's own details. */
function InstanceFacts({ instance, locale, withTime }: InstanceFactsProps) {
  const { t } = useTranslation();
  const details = instance.loanApplicationDetails;
  const facts: [string, string, string][] = [
    ...(instance.businessKey
      ? [
          ['businessKey', t('reports.businessKey'), instance.businessKey] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['name', t('reports.instanceName'), instance.name],
    ['startedBy', t('reports.startedBy'), instance.startedBy.fullName],
    ['started', t('reports.startDate'), formatReportDate(instance.started, locale, withTime)],
    ['ended', t('reports.endDate'), formatReportDate(instance.ended, locale, withTime)],
  ];
  if (details) {
    facts.push(
      ['product', t('reports.column.product'), details.namePart],
      ['customer', t('reports.column.customer'), details.customerFullName],
      [
        'amount',
        t('reports.column.amount'),
        formatAmount(details.loanAmount, locale, details.currency),
      ],
      [
        'duration',
        t('reports.column.duration'),
        details.duration === null ? '' : t('reports.durationMonths', { count: details.duration }),
      ],
      ['officer', t('reports.column.officer'), details.loanOfficer],
      ['supervisor', t('reports.column.supervisor'), details.loanSupervisor],
    );
  }
  return (
    <dl className="tessera-facts" data-testid="report-facts">
      {facts.map(([key, label, value]) => (
        <div key={key} data-fact={key}>
          <dt>{label}</dt>
          <dd>{value || '--'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Props of {@link ReportDetailBody}. */
interface ReportDetailBodyProps {
  /** The report type. */
  type: ReportType;
  /** The instance asked for. */
  detailId: string;
}

/** The loaded page, or its loading, failure and not-found states. */
const ReportDetailBody = observer(function ReportDetailBody({
  type,
  detailId,
}: ReportDetailBodyProps) {
  const { toasts, preferences } = useStores();
  const [store] = useState(() => new ReportDetailStore(toasts));
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = preferences.language;
  const withTime = type === 'loanApplication';

  useEffect(() => {
    void store.load(type, detailId, locale);
  }, [store, type, detailId, locale]);

  const back = (
    <Button
      variant="minimal"
      icon={<ArrowLeftIcon />}
      text={t('reports.backToList')}
      className="tessera-page__back"
      data-testid="report-back"
      onClick={() => void navigate(reportListPath(type))}
    />
  );

  const detail = store.detailId === detailId ? store.detail : null;
  if (!detail) {
    if (store.status === RemoteLoadingStatus.loadingFailed && store.notFound) {
      return (
        <div className="tessera-page">
          <NotFoundState
            title={t('reports.notFound')}
            description={t('reports.notFoundText')}
            backText={t('reports.backToList')}
            backTo={reportListPath(type)}
            data-testid="report-not-found"
          />
        </div>
      );
    }
    if (store.status === RemoteLoadingStatus.loadingFailed) {
      return (
        <div className="tessera-page">
          {back}
          <NonIdealState
            icon={<WarningSignIcon size={40} />}
            title={t('reports.loadFailed')}
            action={
              <Button
                variant="outlined"
                text={t('reports.retry')}
                onClick={() => void store.load(type, detailId, locale)}
              />
            }
          />
        </div>
      );
    }
    return (
      <div className="tessera-page tessera-page--loading">
        <Spinner size={30} aria-label={t('common.loading')} />
      </div>
    );
  }

  const { instance, tasks } = detail;
  const status = instance.loanApplicationDetails?.status;
  return (
    <div className="tessera-page tessera-report" data-testid="report-detail">
      {back}
      <header className="tessera-page__header tessera-report__header">
        <div>
          <p className="tessera-page__eyebrow">{t(`reports.title.${type}`)}</p>
          <PageHeading className="tessera-page__title" data-testid="report-title">
            {instance.name}
          </PageHeading>
        </div>
        <div className="tessera-report__actions">
          {status && (
            <Tag large minimal intent={status === 'approved' ? 'success' : 'danger'}>
              {t(`reports.status.${status}`)}
            </Tag>
          )}
          <Button
            variant="outlined"
            icon={<DownloadIcon />}
            text={t('reports.exportCsv')}
            loading={store.exportStatus === SavingStatus.saving}
            data-testid="report-export-csv"
            onClick={() => void store.exportCsv(type, locale)}
          />
          <GenerateDocumentMenu scope={ProcessType[type]} processInstanceId={instance.id} />
        </div>
      </header>
      <InstanceFacts instance={instance} locale={locale} withTime={withTime} />
      <h2 className="tessera-report__tasks-title">{t('reports.completedTasks')}</h2>
      {tasks.length === 0 ? (
        <p className="tessera-muted">{t('reports.noCompletedTasks')}</p>
      ) : (
        tasks.map((task) => (
          <CompletedTaskBlock
            key={task.id}
            task={task}
            processKey={instance.processDefinitionKey}
            locale={locale}
            withTime={withTime}
          />
        ))
      )}
    </div>
  );
});

/**
 * `/report/{type}/{detailId}` (spec 001 section 2): one completed instance. A header by type
 * with the instance's name, back to the list, export to CSV, the report type's document
 * templates to generate from the instance; its name, starter, start and end
 * (`DD/MMM/YYYY`, with the time for loan applications); then one read-only block per
 * completed task with its form's fields as it was completed (layout fields left out).
 */
export function ReportDetailPage() {
  const { type = '', detailId = '' } = useParams();
  const { t } = useTranslation();
  if (!isReportType(type) || detailId === '') {
    return (
      <div className="tessera-page">
        <NotFoundState
          title={t('shell.notFound')}
          description={t('shell.notFoundText')}
          backText={t('shell.backToDashboard')}
          backTo={Paths.home}
        />
      </div>
    );
  }
  return <ReportDetailBody key={`${type}/${detailId}`} type={type} detailId={detailId} />;
}
