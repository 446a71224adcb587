import { Callout } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { LiveTaskNotice } from './liveTaskNotice';
import './TaskReadOnlyNote.css';

/** Props of {@link TaskLiveNote}. */
export interface TaskLiveNoteProps {
  /** What happened to the task while it was open. */
  readonly notice: LiveTaskNotice;
}

/**
 * Above a task form that turned read-only while the user worked on it: what happened, and
 * that what they typed is still there to copy. The live region has already spoken it.
 */
export function TaskLiveNote({ notice }: TaskLiveNoteProps) {
  const { t } = useTranslation();
  return (
    <Callout
      intent="warning"
      icon={<LockIcon />}
      role="status"
      className="tessera-task-read-only"
      data-testid="task-live-note"
      data-notice={notice}
    >
      <p className="tessera-task-read-only__text">{t(`process.task.live.${notice}`)}</p>
      <p className="tessera-task-read-only__text tessera-task-read-only__hint">
        {t('process.task.live.typedKept')}
      </p>
    </Callout>
  );
}
