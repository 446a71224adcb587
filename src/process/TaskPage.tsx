import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import {
  ArrowLeftIcon,
  CalendarIcon,
  ChevronDownIcon,
  ChevronUpIcon,
  PeopleIcon,
  PersonIcon,
  ShareIcon,
  SearchIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Privilege } from '../../schemas/api/identityConstants';
import { TaskListKind } from '../api/tasksApi';
import { BusyButton } from '../components/BusyButton';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageHeading } from '../components/PageHeading';
import { ReassignDialogs } from '../tasks/ReassignDialogs';
import { useWorkStores } from '../tasks/useWorkStores';
import { DUE_DATE_FLAG_COLORS, dueDateFlag } from '../dates/dueDateFlag';
import { formatListDate } from '../core/format';
import { localizeTaskName } from '../i18n/localizeProcessText';
import { useNavigationHold } from '../routing/navigationGuard';
import { isPublicPath, Paths } from '../routing/paths';
import { useObjectDataRedirect } from '../records/useObjectDataRedirect';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { TaskFormSlot } from './TaskFormSlot';
import { instancePath } from '../tasks/taskPaths';
import { newTabTarget } from '../tasks/newTabTarget';
import { TaskViewType, taskViewType } from './taskViewType';
import { TaskComments } from './comments/TaskComments';
import { TaskDescription } from './TaskDescription';
import { deferBack, LEAVE_DELAY_MS } from './taskPageTiming';
import { focusFirstField } from './focusFirstField';
import { readOnlyReason } from './readOnlyReason';
import { TaskReadOnlyNote } from './TaskReadOnlyNote';
import { TaskLiveNote } from './TaskLiveNote';
import { LiveTaskNotice } from './liveTaskNotice';
import './Process.css';

/**
 * The task page at `/process/task/:taskId` (spec 001 section 2, "Task screen"): a header with
 * the task name (its `${variables}` filled in), a toggle for the process name, the due date
 * (YYYY-MM-DD or --), the assignee (or 'no assignee') and "Cancel and back to dashboard"; the
 * task's instructions when its process gives any; the comments section (read-only users see
 * it without the editor); the form runtime's form below.
 */
export const TaskPage = observer(function TaskPage() {
  const { taskId = '', processInstanceId = null } = useParams();
  // The optional processInstanceId changes the view type (spec 000 section 2): the task as
  // part of its instance, whose page back returns to.
  const viewType = taskViewType(processInstanceId);
  const { processes } = useWorkStores();
  const { session } = useStores();
  const store = processes.taskPage;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The form's unsaved-changes guard (spec 001 section 4): any move to another screen (the
  // back button, a link, the browser's Back) asks while the form is dirty; on confirm the
  // loader shows and the move goes on after 500 ms. Signing out and the screens of a lost
  // session are never held up.
  const dirtyProbe = useRef<(() => boolean) | null>(null);
  const held = useNavigationHold(
    (fromPath, toPath) =>
      fromPath !== toPath && !isPublicPath(toPath) && (dirtyProbe.current?.() ?? false),
  );
  const [leaving, setLeaving] = useState(false);
  // After a claim in place: the heading holds the focus until the now editable form shows
  // its first field, which takes it.
  const [formFocusRequests, setFormFocusRequests] = useState(0);
  const header = useRef<HTMLElement>(null);
  const formSlot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (taskId) void store.load(taskId);
  }, [store, taskId]);

  useEffect(() => {
    void store.loadInstance(processInstanceId);
  }, [store, processInstanceId]);

  useEffect(() => {
    if (formFocusRequests === 0) return undefined;
    header.current?.querySelector('h1')?.focus();
    const slot = formSlot.current;
    return slot ? focusFirstField(slot) : undefined;
  }, [formFocusRequests]);

  useEffect(() => {
    if (!leaving || !held) return undefined;
    const timer = setTimeout(() => held.proceed(), LEAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leaving, held]);

  const task = store.taskId === taskId ? store.task : null;
  useObjectDataRedirect(task);
  const userId = session.account?.id;
  const mine = task !== null && task.assignee !== null && task.assignee.id === userId;
  // Someone else's task is read-only, and back leads to the team view (spec 001 section 6).
  const readOnly = task !== null && !(mine || task.permissions.canClaim);
  // Taken, released or closed while open (the live inbox): read-only from then on, with the
  // task as it was loaded still on screen, so the form keeps what was typed.
  const liveNotice = store.taskId === taskId ? store.liveNotice : null;
  // The form opens for editing only to an assignee the policy lets complete it: a free task
  // is read-only until claimed, and four eyes may keep even its assignee from it.
  const formReadOnly =
    task === null || liveNotice !== null || !(mine && task.permissions.canComplete);
  // An instance that is gone (a tolerated 404) leaves back to the lists.
  const backToInstance = viewType === TaskViewType.instance && !store.instanceMissing;
  const back = (
    <Button
      variant="minimal"
      icon={<ArrowLeftIcon />}
      text={
        backToInstance
          ? t('tasks.header.backToInstance')
          : readOnly
            ? t('tasks.header.backToList')
            : t('tasks.header.back')
      }
      className="tessera-page__back"
      data-testid="task-back"
      data-view-type={viewType}
      onClick={() =>
        deferBack(
          () =>
            void navigate(
              backToInstance && processInstanceId
                ? instancePath(processInstanceId)
                : readOnly
                  ? `${Paths.home}?tab=${TaskListKind.team}`
                  : Paths.home,
            ),
        )
      }
    />
  );

  if (leaving) {
    return (
      <div className="tessera-page tessera-page--loading">
        <Spinner size={30} />
      </div>
    );
  }

  if (!task) {
    if (store.status === RemoteLoadingStatus.loadingFailed) {
      return (
        <div className="tessera-page">
          {back}
          <NonIdealState
            icon={store.notFound ? <SearchIcon size={40} /> : <WarningSignIcon size={40} />}
            // The heading is the page's own h1, not NonIdealState's h4 title: focus lands on
            // it after navigation, as on every page.
            description={
              <div data-testid={store.notFound ? 'task-not-found' : 'task-load-error'}>
                <PageHeading className="tessera-not-found__title">
                  {store.notFound ? t('process.taskNotFound') : t('tasks.header.loadError')}
                </PageHeading>
                {store.notFound && <p>{t('tasks.header.notFound')}</p>}
              </div>
            }
            action={
              store.notFound ? undefined : (
                <Button
                  variant="outlined"
                  text={t('common.retry')}
                  onClick={() => void store.load(taskId)}
                />
              )
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

  const flag = dueDateFlag(task.dueDate);
  // Once the task changed hands while open, the header names who holds it now.
  const shownAssignee =
    liveNotice !== null && store.assigneeNow !== undefined ? store.assigneeNow : task.assignee;
  const whyReadOnly = readOnlyReason(task, userId);
  return (
    <div className="tessera-page tessera-task-page" data-testid="task-page">
      {back}
      <header className="tessera-task-header" ref={header}>
        <div className="tessera-task-header__main">
          <PageHeading className="tessera-page__title" data-testid="task-title">
            {localizeTaskName(i18n, task.processDefinitionKey, store.displayName) || '-'}
            {session.hasPrivilege(Privilege.accessTest) && (
              <a
                className="tessera-task-header__new-tab"
                href={newTabTarget({ formKey: task.formKey, taskId: task.id })}
                target="_blank"
                rel="noopener noreferrer"
                title={t('tasks.header.openInNewTab')}
                aria-label={t('tasks.header.openInNewTab')}
                data-testid="task-open-new-tab"
              >
                <ShareIcon size={14} />
              </a>
            )}
          </PageHeading>
          <Button
            variant="minimal"
            size="small"
            className="tessera-task-header__toggle"
            endIcon={store.processNameVisible ? <ChevronUpIcon /> : <ChevronDownIcon />}
            text={
              store.processNameVisible
                ? t('tasks.header.hideProcess')
                : t('tasks.header.showProcess')
            }
            aria-expanded={store.processNameVisible}
            onClick={() => store.toggleProcessName()}
          />
          {store.processNameVisible && (
            <p className="tessera-task-header__process" data-testid="task-process">
              <span className="tessera-muted">{t('tasks.header.process')}: </span>
              {task.processDefinitionName}
              {task.processInstanceName ? ` · ${task.processInstanceName}` : ''}
            </p>
          )}
        </div>
        <dl className="tessera-task-header__facts">
          <div>
            <dt>
              <CalendarIcon size={12} /> {t('tasks.header.dueDate')}
            </dt>
            <dd data-testid="task-due">
              <span
                className="tessera-task-header__flag"
                style={{ backgroundColor: DUE_DATE_FLAG_COLORS[flag] }}
                aria-hidden
              />
              {formatListDate(task.dueDate)}
            </dd>
          </div>
          <div>
            <dt>
              <PersonIcon size={12} /> {t('tasks.header.assignee')}
            </dt>
            <dd data-testid="task-assignee">
              {shownAssignee ? (
                shownAssignee.fullName
              ) : (
                <Tag minimal>{t('tasks.header.noAssignee')}</Tag>
              )}
            </dd>
            {/* The assignee selector (spec 000 section 2, "Task page"): wherever the page
                  was opened from, whenever the server says the user may move the task. */}
            {task.permissions.canBeReassigned && liveNotice === null && (
              <dd className="tessera-task-header__change-cell">
                <BusyButton
                  variant="minimal"
                  size="small"
                  intent="primary"
                  icon={<PeopleIcon />}
                  text={t('tasks.header.changeAssignee')}
                  aria-label={t('tasks.header.changeAssigneeLabel')}
                  className="tessera-task-header__change"
                  busy={store.openingReassign}
                  data-testid="task-change-assignee"
                  onClick={() => void store.changeAssignee()}
                />
              </dd>
            )}
          </div>
        </dl>
      </header>
      {task.description && <TaskDescription text={task.description} />}
      {liveNotice && <TaskLiveNote notice={liveNotice} />}
      {whyReadOnly && liveNotice === null && (
        <TaskReadOnlyNote
          reason={whyReadOnly}
          claiming={store.claiming}
          onClaim={() => {
            void store.claim().then((claimed) => {
              if (claimed) setFormFocusRequests((count) => count + 1);
            });
          }}
        />
      )}
      <TaskComments
        comments={processes.taskComments}
        task={{ id: task.id, name: task.name, processInstanceId: task.processInstanceId }}
        canComment={!readOnly && liveNotice !== LiveTaskNotice.closed}
      />
      <div ref={formSlot}>
        {/* Keyed by the assignee: once the user claimed the task, its form is read again,
            now as theirs to edit. */}
        <TaskFormSlot
          key={task.assignee?.id ?? ''}
          taskId={task.id}
          task={task}
          readOnly={formReadOnly}
          dirtyProbe={dirtyProbe}
        />
      </div>
      {/* The dialogs give the focus back to the trigger, or to the heading once the task
          may no longer be moved by this user. */}
      <ReassignDialogs
        reassign={store.reassign}
        returnFocusTo={() =>
          document.querySelector<HTMLElement>('[data-testid="task-change-assignee"]') ??
          header.current?.querySelector('h1') ??
          null
        }
      />
      <ConfirmDialog
        isOpen={held !== null}
        title={t('taskForm.unsavedTitle')}
        message={t('taskForm.unsavedMessage')}
        primaryText={t('taskForm.leave')}
        secondaryText={t('taskForm.stay')}
        primaryIntent="danger"
        onConfirm={() => setLeaving(true)}
        onCancel={() => held?.stay()}
      />
    </div>
  );
});
