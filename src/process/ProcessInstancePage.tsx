import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, DisableIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Privilege } from '../../schemas/api/identityConstants';
import type { InstanceWithdrawal } from '../api/processesApi';
import type { InstanceTask } from '../api/tasksApi';
import { NotFoundState } from '../components/NotFoundState';
import { PageHeading } from '../components/PageHeading';
import { taskPath } from '../tasks/taskPaths';
import { useWorkStores } from '../tasks/useWorkStores';
import { formatDateTime, formatListDate } from '../core/format';
import { GenerateDocumentMenu } from '../documents/GenerateDocumentMenu';
import { localizeProcessName, localizeTaskName } from '../i18n/localizeProcessText';
import { useRecordsListReturn } from '../records/useRecordsListReturn';
import { Paths } from '../routing/paths';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import {
  InstanceTaskOffer,
  instanceTaskOffer,
  type ProcessInstanceStore,
} from './ProcessInstanceStore';
import { useFocusHandOff } from './useFocusHandOff';
import { WithdrawInstanceDialog } from './WithdrawInstanceDialog';
import './Process.css';
import './WithdrawInstance.css';

/** A variable's value as text: strings as they are, everything else as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What the open tasks' table offers the user, one step per task. */
interface TaskOffers {
  /** The instance page's store (who may do what, and the claim under way). */
  store: ProcessInstanceStore;
  /** The signed-in user. */
  userId: string | null;
  /** Opens a task that is the user's. */
  onOpen: (task: InstanceTask) => void;
  /** Claims a free task and opens it. */
  onClaim: (task: InstanceTask) => void;
  /** The button of the first step offered, which takes the focus after a start. */
  firstStep: RefObject<HTMLButtonElement | null>;
  /** The task whose button that is. */
  firstStepTaskId: string | null;
}

/** Props of {@link InstanceTaskTable}. */
interface InstanceTaskTableProps {
  /** The tasks. */
  tasks: InstanceTask[];
  /** Whether they are completed ones (the last column is then the completion). */
  completed: boolean;
  /** The key of the instance's process, whose task names the locales translate. */
  processKey: string;
  /** Open tasks: the step offered for each. */
  offers?: TaskOffers;
}

/** The open or completed tasks of the instance, each linking to its task page. */
const InstanceTaskTable = observer(function InstanceTaskTable({
  tasks,
  completed,
  processKey,
  offers,
}: InstanceTaskTableProps) {
  const { t, i18n } = useTranslation();
  const taskName = (task: InstanceTask) =>
    task.name ? localizeTaskName(i18n, processKey, task.name) : '-';
  return (
    <HTMLTable compact className="tessera-instance__table">
      <thead>
        <tr>
          <th>{t('dashboard.column.taskName')}</th>
          <th>{t('process.instance.assignee')}</th>
          <th>{completed ? t('process.instance.completedOn') : t('process.instance.due')}</th>
          {offers && <th>{t('process.instance.step')}</th>}
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => {
          const offer = offers ? instanceTaskOffer(task, offers.userId) : InstanceTaskOffer.none;
          const ref = offers?.firstStepTaskId === task.id ? offers.firstStep : undefined;
          return (
            <tr key={task.id}>
              <td>
                <Link to={taskPath(task.id)} data-task-id={task.id}>
                  {taskName(task)}
                </Link>
              </td>
              <td>{task.assigneeName || t('tasks.header.noAssignee')}</td>
              <td className="tessera-instance__when">
                {completed
                  ? formatDateTime(task.endDate, i18n.language)
                  : formatListDate(task.dueDate)}
              </td>
              {offers && (
                <td>
                  {offer === InstanceTaskOffer.open && (
                    <Button
                      ref={ref}
                      size="small"
                      variant="outlined"
                      text={t('process.instance.openTask')}
                      aria-label={t('process.instance.openTaskLabel', { task: taskName(task) })}
                      data-testid="instance-open-task"
                      data-task-id={task.id}
                      onClick={() => offers.onOpen(task)}
                    />
                  )}
                  {offer === InstanceTaskOffer.claimAndOpen && (
                    <Button
                      ref={ref}
                      size="small"
                      intent="primary"
                      text={t('process.instance.claimAndOpen')}
                      aria-label={t('process.instance.claimAndOpenLabel', {
                        task: taskName(task),
                      })}
                      loading={offers.store.claimingTaskId === task.id}
                      disabled={
                        offers.store.claimingTaskId !== null &&
                        offers.store.claimingTaskId !== task.id
                      }
                      data-testid="instance-claim-and-open"
                      data-task-id={task.id}
                      onClick={() => offers.onClaim(task)}
                    />
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
});

/** Props of {@link WithdrawalNote}. */
interface WithdrawalNoteProps {
  /** Who withdrew the instance, when and why. */
  withdrawal: InstanceWithdrawal;
  /** The note itself, where focus lands after a withdrawal. */
  noteRef: RefObject<HTMLDivElement | null>;
}

/** The withdrawn instance's note: by whom, when, and the reason as written. */
function WithdrawalNote({ withdrawal, noteRef }: WithdrawalNoteProps) {
  const { t, i18n } = useTranslation();
  return (
    <div
      ref={noteRef}
      tabIndex={-1}
      className="tessera-instance__withdrawal"
      data-testid="instance-withdrawal"
    >
      <Callout
        intent="warning"
        icon={<DisableIcon />}
        title={t('process.instance.withdrawnBy', {
          name: withdrawal.by.fullName,
          date: formatDateTime(withdrawal.at, i18n.language),
        })}
      >
        <span className="tessera-muted">{t('process.instance.withdrawReason')}</span>
        <p className="tessera-instance__withdrawal-reason" data-testid="instance-withdrawal-reason">
          {withdrawal.reason}
        </p>
      </Callout>
    </div>
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
  const firstStep = useRef<HTMLButtonElement>(null);
  const withdrawalNote = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    if (processInstanceId) void store.load(processInstanceId);
  }, [store, processInstanceId]);

  // Just started from the drawer: the first step the starter can take has the focus.
  const takeHandOff = useCallback(
    () => processes.startProcess.takeFocusHandOff(processInstanceId),
    [processes, processInstanceId],
  );
  const userId = session.account?.id ?? null;
  const loaded =
    store.instanceId === processInstanceId && store.status === RemoteLoadingStatus.fullyLoaded;
  const offered = loaded
    ? store.openTasks.map((task) => ({ task, offer: instanceTaskOffer(task, userId) }))
    : [];
  const firstStepTaskId =
    (
      offered.find(({ offer }) => offer === InstanceTaskOffer.claimAndOpen) ??
      offered.find(({ offer }) => offer === InstanceTaskOffer.open)
    )?.task.id ?? null;
  useFocusHandOff(firstStep, loaded && firstStepTaskId !== null, takeHandOff);

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
  const withdrawn = instance.status === 'Withdrawn';
  const showVariables = session.hasPrivilege(Privilege.accessVariables);
  const offers: TaskOffers = {
    store,
    userId,
    firstStep,
    firstStepTaskId,
    onOpen: (task) => void navigate(taskPath(task.id)),
    onClaim: (task) => {
      void store.claim(task).then((claimed) => {
        if (claimed) void navigate(taskPath(task.id));
      });
    },
  };
  const processName = localizeProcessName(
    i18n,
    instance.processDefinitionKey,
    instance.processDefinitionName,
  );
  return (
    <div className="tessera-page tessera-instance" data-testid="process-instance">
      {back}
      <header className="tessera-page__header" ref={header}>
        <div>
          <p className="tessera-page__eyebrow">{processName}</p>
          <PageHeading className="tessera-page__title" data-testid="instance-title">
            {instance.name}
          </PageHeading>
        </div>
        <div className="tessera-instance__actions">
          <span
            className={`tessera-status${completed ? ' is-completed' : ''}${withdrawn ? ' is-withdrawn' : ''}`}
            data-testid="instance-status"
          >
            {t(`process.instance.statusValue.${instance.status}`)}
          </span>
          {(instance.type || instance.permissions.canWithdraw) && (
            <div className="tessera-instance__buttons">
              {instance.type && (
                <GenerateDocumentMenu scope={instance.type} processInstanceId={instance.id} />
              )}
              {instance.permissions.canWithdraw && (
                <Button
                  intent="danger"
                  variant="outlined"
                  icon={<DisableIcon />}
                  text={t('process.withdraw.button')}
                  data-testid="instance-withdraw"
                  onClick={() => store.withdraw.open()}
                />
              )}
            </div>
          )}
        </div>
      </header>
      {instance.withdrawal && (
        <WithdrawalNote withdrawal={instance.withdrawal} noteRef={withdrawalNote} />
      )}
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
          <dd>{formatDateTime(instance.started, i18n.language)}</dd>
        </div>
        {instance.ended && (
          <div>
            <dt>{t('process.instance.ended')}</dt>
            <dd>{formatDateTime(instance.ended, i18n.language)}</dd>
          </div>
        )}
        {instance.businessKey && (
          <div>
            <dt>{t('process.instance.businessKey')}</dt>
            <dd data-testid="instance-business-key">{instance.businessKey}</dd>
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
            offers={offers}
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
      <WithdrawInstanceDialog
        withdraw={store.withdraw}
        instanceName={instance.name}
        onConfirm={() => void store.withdraw.confirm(instance.id)}
        returnFocusTo={() => withdrawalNote.current ?? header.current?.querySelector('h1') ?? null}
      />
    </div>
  );
});
