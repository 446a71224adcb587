import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Privilege } from '../../schemas/api/identityConstants';
import type { InstanceTask } from '../api/tasksApi';
import { NotFoundState } from '../components/NotFoundState';
import { PageHeading } from '../components/PageHeading';
import { taskPath } from '../tasks/taskPaths';
import { useWorkStores } from '../tasks/useWorkStores';
import { formatDueDate } from '../dates/dueDateFlag';
import { GenerateDocumentMenu } from '../documents/GenerateDocumentMenu';
import { localizeProcessName, localizeTaskName } from '../i18n/localizeProcessText';
import { useRecordsListReturn } from '../records/useRecordsListReturn';
import { Paths } from '../routing/paths';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import './Process.css';

/** A moment written out in the user's language; '--' when there is none. */
export function formatMoment(iso: string | null | undefined, language: string): string {
  if (!iso) return '--';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** A variable's value as text: strings as they are, everything else as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Props of {@link InstanceTaskTable}. */
interface InstanceTaskTableProps {
  /** The tasks. */
  tasks: InstanceTask[];
  /** Whether they are completed ones (the last column is then the completion). */
  completed: boolean;
  /** The key of the instance's process, whose task names the locales translate. */
  processKey: string;
}

/** The open or completed tasks of the instance, each linking to its task page. */
function InstanceTaskTable({ tasks, completed, processKey }: InstanceTaskTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <HTMLTable compact className="tessera-instance__table">
      <thead>
        <tr>
          <th>{t('dashboard.column.taskName')}</th>
          <th>{t('process.instance.assignee')}</th>
          <th>{completed ? t('process.instance.completedOn') : t('process.instance.due')}</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.id}>
            <td>
              <Link to={taskPath(task.id)} data-task-id={task.id}>
                {task.name ? localizeTaskName(i18n, processKey, task.name) : '-'}
              </Link>
            </td>
            <td>{task.assigneeName || t('tasks.header.noAssignee')}</td>
            <td>
              {completed ? formatMoment(task.endDate, i18n.language) : formatDueDate(task.dueDate)}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * One process instance at `/process/instance/:processInstanceId`: its name, process, starter,
 * status (On-going or Completed), open and completed tasks with links, and its variables for
 * holders of access-variables. A missing instance gets a not-found page with a way back.
 * The instance's name is the page's heading.
 */
export const ProcessInstancePage = observer(function ProcessInstancePage() {
  const { processInstanceId = '' } = useParams();
  const { processes } = useWorkStores();
  const { session } = useStores();
  const store = processes.instance;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const backToRecords = useRecordsListReturn();

  useEffect(() => {
    if (processInstanceId) void store.load(processInstanceId);
  }, [store, processInstanceId]);

  const back = (
    <Button
      variant="minimal"
      icon={<ArrowLeftIcon />}
      text={backToRecords ? t('records.backToRecordsList') : t('process.instance.back')}
      className="tessera-page__back"
      onClick={() => (backToRecords ? backToRecords() : void navigate('/'))}
    />
  );

  const instance = store.instanceId === processInstanceId ? store.instance : null;
  if (!instance) {
    if (store.status === RemoteLoadingStatus.loadingFailed && store.notFound) {
      return (
        <div className="tessera-page">
          <NotFoundState
            title={t('process.instance.notFound')}
            description={t('process.instance.notFoundText')}
            backText={t('process.instance.back')}
            backTo={Paths.home}
            data-testid="instance-not-found"
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
            title={t('process.failedToLoad')}
            action={
              <Button
                variant="outlined"
                text={t('common.retry')}
                onClick={() => void store.load(processInstanceId)}
              />
            }
          />
        </div>
      );
    }
    return (
      <div className="tessera-page tessera-page--loading">
        <Spinner size={30} />
      </div>
    );
  }

  const completed = instance.status === 'Completed';
  const showVariables = session.hasPrivilege(Privilege.accessVariables);
  const processName = localizeProcessName(
    i18n,
    instance.processDefinitionKey,
    instance.processDefinitionName,
  );
  return (
    <div className="tessera-page tessera-instance" data-testid="process-instance">
      {back}
      <header className="tessera-page__header">
        <div>
          <p className="tessera-page__eyebrow">{processName}</p>
          <PageHeading className="tessera-page__title" data-testid="instance-title">
            {instance.name}
          </PageHeading>
        </div>
        <div className="tessera-instance__actions">
          <span
            className={`tessera-status${completed ? ' is-completed' : ''}`}
            data-testid="instance-status"
          >
            {t(`process.instance.statusValue.${instance.status}`)}
          </span>
          {instance.type && (
            <GenerateDocumentMenu scope={instance.type} processInstanceId={instance.id} />
          )}
        </div>
      </header>
      <dl className="tessera-facts tessera-instance__facts">
        <div>
          <dt>{t('process.instance.definition')}</dt>
          <dd>
            {processName}{' '}
            <span className="tessera-muted">v{instance.processDefinitionVersion}</span>
          </dd>
        </div>
        <div>
          <dt>{t('process.instance.startedBy')}</dt>
          <dd>{instance.startedBy.fullName || instance.startedBy.email}</dd>
        </div>
        <div>
          <dt>{t('process.instance.started')}</dt>
          <dd>{formatMoment(instance.started, i18n.language)}</dd>
        </div>
        {instance.ended && (
          <div>
            <dt>{t('process.instance.ended')}</dt>
            <dd>{formatMoment(instance.ended, i18n.language)}</dd>
          </div>
        )}
        {instance.businessKey && (
          <div>
            <dt>{t('process.instance.businessKey')}</dt>
            <dd>{instance.businessKey}</dd>
          </div>
        )}
      </dl>

      <section className="tessera-instance__section">
        <h3>{t('process.instance.openTasks')}</h3>
        {store.openTasks.length === 0 ? (
          <p className="tessera-muted">{t('process.instance.noOpenTasks')}</p>
        ) : (
          <InstanceTaskTable
            tasks={store.openTasks}
            completed={false}
            processKey={instance.processDefinitionKey}
          />
        )}
      </section>

      <section className="tessera-instance__section">
        <h3>{t('process.instance.completedTasks')}</h3>
        {store.completedTasks.length === 0 ? (
          <p className="tessera-muted">{t('process.instance.noCompletedTasks')}</p>
        ) : (
          <InstanceTaskTable
            tasks={store.completedTasks}
            completed
            processKey={instance.processDefinitionKey}
          />
        )}
      </section>

      {showVariables && (
        <section className="tessera-instance__section">
          <h3>{t('process.instance.variables')}</h3>
          {instance.variables.length === 0 ? (
            <p className="tessera-muted">{t('process.instance.noVariables')}</p>
          ) : (
            <HTMLTable compact striped className="tessera-instance__table">
              <thead>
                <tr>
                  <th>{t('process.instance.variable')}</th>
                  <th>{t('process.instance.value')}</th>
                </tr>
              </thead>
              <tbody>
                {instance.variables.map((variable) => (
                  <tr key={variable.name}>
                    <td>
                      <code>{variable.name}</code>
                    </td>
                    <td className="tessera-instance__value">{valueText(variable.value)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </section>
      )}
    </div>
  );
});
