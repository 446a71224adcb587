import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { SearchIcon, TickIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_OPTIONS, moveFocusByArrowKey } from '../components/arrowKeyFocus';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { TaskRow } from '../api/tasksApi';
import { localizeTaskNameOfProcess } from '../i18n/localizeProcessText';
import { Avatar } from '../components/Avatar';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import { REASSIGN_COMMENT_MAX } from '../../schemas/api/tasksConstants';
import { formatAssigneeName, formatTaskName } from './formatCells';
import { ReassignStep, type ReassignStore } from './ReassignStore';

/** Props of {@link ReassignDialogs}. */
export interface ReassignDialogsProps {
  /** The flow. */
  reassign: ReassignStore;
  /**
   * Where the focus goes when a dialog closes and what opened it is gone (the confirmation
   * was opened from the assignee dialog's button); by default it is left to the host.
   */
  returnFocusTo?: () => HTMLElement | null;
}

const SHOWN_TASK_NAMES = 4;

/**
 * The people list of the assignee dialog, with its loading, failure and empty states. The
 * list is one tab stop (the chosen person, or the first): the arrow keys, Home and End move
 * through it and choose as they go, and the down arrow in the search box enters it.
 */
const PeoplePicker = observer(function PeoplePicker({ reassign }: ReassignDialogsProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  if (reassign.usersStatus === RemoteLoadingStatus.loading) {
    return (
      <div className="tessera-people tessera-people--state">
        <Spinner size={20} />
        <span>{t('tasks.reassign.loadingPeople')}</span>
      </div>
    );
  }
  if (reassign.usersStatus === RemoteLoadingStatus.loadingFailed) {
    return (
      <Callout intent="danger" compact>
        {t('common.serverErrorTryAgain')}{' '}
        <Button
          size="small"
          variant="outlined"
          text={t('common.retry')}
          onClick={() => void reassign.loadUsers()}
        />
      </Callout>
    );
  }
  if (!reassign.allowed) {
    return (
      <Callout intent="warning" compact data-testid="reassign-not-allowed">
        {t('dashboard.action.reassignNotAllowed')}
      </Callout>
    );
  }
  if (reassign.noUsersConfigured) {
    return (
      <Callout intent="warning" compact>
        {t('tasks.noUsersConfigured')}
      </Callout>
    );
  }
  const people = reassign.matchingUsers;
  const tabStop = people.some((person) => person.id === reassign.selectedUser?.id)
    ? reassign.selectedUser?.id
    : people[0]?.id;
  return (
    <div className="tessera-people">
      <InputGroup
        leftIcon={<SearchIcon />}
        type="search"
        placeholder={t('tasks.reassign.searchPeople')}
        aria-label={t('tasks.reassign.searchPeople')}
        value={reassign.search}
        onValueChange={(value) => reassign.setSearch(value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          const entry = list.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]');
          if (!entry) return;
          event.preventDefault();
          entry.focus();
        }}
        autoFocus
      />
      {people.length === 0 ? (
        <NonIdealState className="tessera-people__none" description={t('tasks.reassign.noMatch')} />
      ) : (
        <Menu
          className="tessera-people__list"
          role="listbox"
          aria-label={t('tasks.reassign.assignee')}
          ulRef={list}
          onKeyDown={(event) => {
            const entry = moveFocusByArrowKey(event, LIST_OPTIONS);
            const person = people.find((candidate) => candidate.id === entry?.dataset['userId']);
            if (person) reassign.selectUser(person);
          }}
        >
          {people.map((person) => {
            const selected = reassign.selectedUser?.id === person.id;
            return (
              <MenuItem
                key={person.id}
                role="option"
                aria-selected={selected}
                active={selected}
                tabIndex={person.id === tabStop ? 0 : -1}
                data-user-id={person.id}
                icon={<Avatar name={person.firstName || person.fullName} size={26} />}
                text={
                  <span className="tessera-people__who">
                    <span className="tessera-people__name">{person.fullName}</span>
                    <span className="tessera-people__email">{person.email}</span>
                  </span>
                }
                labelElement={selected ? <TickIcon /> : undefined}
                onClick={() => reassign.selectUser(person)}
              />
            );
          })}
        </Menu>
      )}
    </div>
  );
});

/**
 * The reassign dialogs (spec 000 sections 4 and 5): the assignee dialog (a person and, for one
 * task, a comment with its n/250 counter; Continue waits for a person), then the app's
 * confirmation dialog, then the call.
 */
export const ReassignDialogs = observer(function ReassignDialogs({
  reassign,
  returnFocusTo,
}: ReassignDialogsProps) {
  const { t, i18n } = useTranslation();
  const nameOf = (task: TaskRow) =>
    formatTaskName(localizeTaskNameOfProcess(i18n, task.processName, task.taskName));
  const single = !reassign.bulk ? reassign.tasks[0] : undefined;
  const count = reassign.tasks.length;
  const title = reassign.bulk
    ? t('tasks.reassign.bulkTitle', { count })
    : t('tasks.reassign.title');
  const saving = reassign.saving === SavingStatus.saving;

  return (
    <>
      <Dialog
        isOpen={reassign.step === ReassignStep.choosing}
        title={title}
        onClose={() => reassign.cancel()}
        onClosed={() => {
          // Left on the page body (not in the confirmation that follows): give it back.
          const active = document.activeElement;
          if (!active || active === document.body) returnFocusTo?.()?.focus();
        }}
        className="tessera-reassign-dialog"
      >
        <DialogBody>
          {single ? (
            <div className="tessera-reassign-dialog__task">
              <strong>{nameOf(single)}</strong>
              <span>
                {single.assignee
                  ? t('tasks.reassign.currently', { name: formatAssigneeName(single.assigneeName) })
                  : t('tasks.reassign.unassigned')}
              </span>
            </div>
          ) : (
            <ul className="tessera-reassign-dialog__tasks">
              {reassign.tasks.slice(0, SHOWN_TASK_NAMES).map((task) => (
                <li key={task.taskId}>{nameOf(task)}</li>
              ))}
              {count > SHOWN_TASK_NAMES && <li>…</li>}
            </ul>
          )}
          <FormGroup
            label={t('tasks.reassign.assignee')}
            className="tessera-reassign-dialog__people"
          >
            <PeoplePicker reassign={reassign} />
          </FormGroup>
          {!reassign.bulk && (
            <FormGroup
              label={t('tasks.reassign.comment')}
              labelFor="reassign-comment"
              helperText={
                <span className="tessera-counter" data-testid="comment-counter">
                  {t('tasks.reassign.counter', {
                    count: reassign.commentLength,
                    max: REASSIGN_COMMENT_MAX,
                  })}
                </span>
              }
            >
              <TextArea
                id="reassign-comment"
                fill
                rows={4}
                maxLength={REASSIGN_COMMENT_MAX}
                placeholder={t('tasks.reassign.commentPlaceholder')}
                value={reassign.comment}
                onChange={(event) => reassign.setComment(event.target.value)}
              />
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                variant="minimal"
                text={t('common.cancel')}
                onClick={() => reassign.cancel()}
              />
              <Button
                intent="primary"
                text={t('tasks.reassign.continue')}
                disabled={!reassign.canContinue}
                data-testid="reassign-continue"
                onClick={() => reassign.proceed()}
              />
            </>
          }
        />
      </Dialog>
      <ConfirmDialog
        isOpen={reassign.step === ReassignStep.confirming}
        title={t('tasks.reassign.confirmTitle')}
        message={
          single
            ? t('tasks.reassign.confirmOne', { task: nameOf(single) })
            : t('tasks.reassign.confirmMany', { count })
        }
        boldText={reassign.selectedUser?.fullName}
        primaryText={t('tasks.reassign.confirm')}
        secondaryText={t('common.cancel')}
        busy={saving}
        onConfirm={() => void reassign.confirm()}
        onCancel={() => reassign.cancel()}
        {...(returnFocusTo ? { returnFocusTo } : {})}
      />
    </>
  );
});
