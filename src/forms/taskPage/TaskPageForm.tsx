import {
  Button,
  ButtonGroup,
  Callout,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  CircleIcon,
  CleanIcon,
  EditIcon,
  ErrorIcon,
  PropertiesIcon,
  TickCircleIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Privilege } from '../../../schemas/api/identityConstants';
import type { TaskDetail } from '../../api/tasksApi';
import { RemoteLoadingStatus } from '../../stores/statuses';
import { formatDateTime } from '../../core/format';
import { BusyButton } from '../../components/BusyButton';
import { useStores } from '../../stores/useStores';
import { localizePartTitle } from './localizePartTitle';
import type { FormServices } from '../registry/formServices';
import { TaskForm } from '../runtime/TaskForm';
import { createFileService } from './createFileService';
import { createUsersSource } from './createUsersSource';
import { createWebhookService } from './createWebhookService';
import { keepFocusThrough } from './keepFocusThrough';
import { browserStorage } from './localDraft';
import { PartState, TaskFormPageStore } from './TaskFormPageStore';
import './TaskPageForm.css';

/** Props of {@link TaskPageForm}. */
export interface TaskPageFormProps {
  /** The task whose form is shown. */
  readonly taskId: string;
  /** The task as the header loaded it (form key, assignee, permissions, saved values). */
  readonly task: TaskDetail;
  /** Read-only: the user is neither the assignee nor able to claim it (spec 000 section 2). */
  readonly readOnly: boolean;
  /**
   * Where the form puts a function that tells, at any moment, whether it holds unsaved
   * changes; the page's unsaved-changes guard asks it when a navigation starts.
   */
  readonly dirtyProbe?: { current: (() => boolean) | null };
}

/**
 * The task page's form (spec 001 section 2): the task's form, or a combined task's forms one
 * at a time, with the local-draft offer, the outcome bar and the unsaved-changes signals.
 */
export const TaskPageForm = observer(function TaskPageForm({
  taskId,
  task,
  readOnly,
  dirtyProbe,
}: TaskPageFormProps) {
  const { toasts, announcer, navigator, session, preferences, dictionaries } = useStores();
  const { t, i18n } = useTranslation();
  const tenant = session.account?.tenant ?? 'default';
  const [store] = useState(
    () =>
      new TaskFormPageStore({
        toasts,
        navigate: (to) => navigator.navigate(to),
        tenant,
        storage: browserStorage(),
        canAutofill: session.hasPrivilege(Privilege.accessAutofill),
        dictionaries,
      }),
  );
  // The page's services for its fields: the people directory, this task's file store and
  // its webhook caller (made again for another task, whose files and calls it must not mix
  // with this one's), and the app's live region.
  const services = useMemo<FormServices>(
    () => ({
      usersSource: createUsersSource(),
      files: createFileService(taskId),
      webhooks: createWebhookService(taskId),
      announce: (key, values) => announcer.announce(key, values),
    }),
    [taskId, announcer],
  );
  // A combined task's part changed at the user's request (Next, Previous, the list): the
  // focus goes to the new part's heading, so it is read and Tab goes on into its fields;
  // the button pressed may be gone (the list) or disabled (the last part).
  const partTitle = useRef<HTMLHeadingElement>(null);
  const movedByUser = useRef(false);
  const goToPart = (index: number) => {
    movedByUser.current = true;
    // A form that turned read-only keeps what was typed on screen, but no longer sends it.
    void store.goTo(index, !(readOnly || store.serverReadOnly));
  };
  const shownPart = store.showingList ? -1 : store.currentIndex;
  useEffect(() => {
    if (!movedByUser.current || shownPart < 0) return;
    movedByUser.current = false;
    partTitle.current?.focus();
  }, [shownPart]);
  const formKey = task.formKey ?? null;

  useEffect(() => {
    void store.load(taskId, formKey);
    return () => store.dispose();
  }, [store, taskId, formKey]);

  useEffect(() => {
    if (!dirtyProbe) return undefined;
    // A live read of the store: right after a save it already answers "nothing unsaved".
    dirtyProbe.current = () => store.dirty;
    return () => {
      dirtyProbe.current = null;
    };
  }, [store, dirtyProbe]);

  const dirty = store.dirty;
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (store.status === RemoteLoadingStatus.loadingFailed) {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={t('taskForm.loadFailed')}
        description={
          store.loadError ? (
            <span data-testid="task-form-load-error">
              {t(store.loadError.key, store.loadError.values)}
            </span>
          ) : undefined
        }
        data-testid="task-form-failed"
        action={
          <Button
            variant="outlined"
            text={t('taskForm.tryAgain')}
            onClick={() => void store.load(taskId, formKey)}
          />
        }
      />
    );
  }
  if (store.status !== RemoteLoadingStatus.fullyLoaded) {
    return (
      <div className="tessera-page--loading" data-testid="task-form-loading">
        <Spinner size={30} />
      </div>
    );
  }

  const locale = preferences.language;
  const locked = readOnly || store.serverReadOnly;
  const part = store.current;
  return (
    <div className="tessera-task-form" data-testid="task-form">
      {store.offeredDraft && (
        <Callout intent="warning" data-testid="local-draft-offer">
          <p>
            {t('taskForm.localDraft', {
              time: formatDateTime(store.offeredDraft.savedAt, locale),
            })}
          </p>
          <ButtonGroup>
            <Button
              intent="primary"
              text={t('taskForm.restore')}
              data-testid="local-draft-restore"
              onClick={store.restoreDraft}
            />
            <Button
              variant="minimal"
              text={t('taskForm.discard')}
              data-testid="local-draft-discard"
              onClick={store.discardDraft}
            />
          </ButtonGroup>
        </Callout>
      )}
      {store.canAutofill && !locked && (
        <div className="tessera-task-form__tools">
          <Button
            variant="outlined"
            icon={<CleanIcon />}
            text={t('taskForm.autofill')}
            title={t('taskForm.autofillHint')}
            data-testid="autofill-button"
            onClick={() => store.autofill(locale)}
          />
        </div>
      )}
      {store.combined && (
        <header className="tessera-task-form__progress" data-testid="combined-progress">
          <Tag minimal>
            {t('taskForm.partOf', { n: store.currentIndex + 1, m: store.parts.length })}
          </Tag>{' '}
          <h2
            className="tessera-task-form__part-title"
            tabIndex={-1}
            ref={partTitle}
            data-testid="combined-part-title"
          >
            {part ? localizePartTitle(i18n, part.formId, part.title, locale) : ''}
          </h2>
        </header>
      )}
      {store.combined && store.showingList ? (
        <Menu data-testid="combined-list">
          {store.parts.map((candidate, index) => {
            const state = store.partState(candidate);
            return (
              <MenuItem
                key={candidate.formId}
                text={`${index + 1}. ${localizePartTitle(i18n, candidate.formId, candidate.title, locale)}`}
                active={index === store.currentIndex}
                disabled={store.switching}
                data-part-state={state ?? undefined}
                labelElement={state ? <PartStateTag state={state} /> : undefined}
                onClick={() => goToPart(index)}
              />
            );
          })}
        </Menu>
      ) : part?.form && part.store ? (
        <div className={store.isLast ? undefined : 'tessera-task-form__part--inner'}>
          {store.formless && (
            <p className="tessera-task-form__formless" data-testid="task-formless">
              {t('taskForm.formless')}
            </p>
          )}
          <TaskForm
            key={part.formId}
            form={part.form}
            store={part.store}
            readOnly={locked}
            locale={locale}
            accessTest={session.hasPrivilege(Privilege.accessTest)}
            services={services}
            onSubmit={(outcome, values) => keepFocusThrough(() => store.submit(outcome, values))}
            // Nothing to keep for later in a step with no form.
            {...(store.formless
              ? {}
              : { onSaveDraft: (values) => keepFocusThrough(() => store.save(values)) })}
          />
        </div>
      ) : (
        <NonIdealState icon={<WarningSignIcon size={32} />} title={t('taskForm.partMissing')} />
      )}
      {store.combined && (
        <nav className="tessera-task-form__nav" data-testid="combined-nav">
          <BusyButton
            icon={<ArrowLeftIcon />}
            text={t('taskForm.previous')}
            disabled={store.currentIndex === 0}
            busy={store.switching}
            onClick={() => goToPart(store.currentIndex - 1)}
          />
          <Button
            variant="minimal"
            icon={<PropertiesIcon />}
            text={t('taskForm.backToList')}
            onClick={store.showList}
          />
          <BusyButton
            endIcon={<ArrowRightIcon />}
            text={t('taskForm.next')}
            disabled={store.isLast}
            busy={store.switching}
            onClick={() => goToPart(store.currentIndex + 1)}
          />
        </nav>
      )}
    </div>
  );
});

/** Props of {@link PartStateTag}. */
interface PartStateTagProps {
  /** Where the part stands. */
  readonly state: PartState;
}

const PART_STATE_LOOK = {
  [PartState.notStarted]: { intent: 'none', icon: <CircleIcon /> },
  [PartState.inProgress]: { intent: 'none', icon: <EditIcon /> },
  [PartState.hasErrors]: { intent: 'danger', icon: <ErrorIcon /> },
  [PartState.done]: { intent: 'success', icon: <TickCircleIcon /> },
} as const;

/** A part's state in the list of forms: in words and an icon, the colour only adds to them. */
function PartStateTag({ state }: PartStateTagProps) {
  const { t } = useTranslation();
  const look = PART_STATE_LOOK[state];
  return (
    <Tag minimal intent={look.intent} icon={look.icon} className="tessera-task-form__part-state">
      {t(`taskForm.partState.${state}`)}
    </Tag>
  );
}
