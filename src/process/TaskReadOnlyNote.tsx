import { Button, Callout } from '@blueprintjs/core';
import { HandIcon, InfoSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { ReadOnlyReason } from './readOnlyReason';
import './TaskReadOnlyNote.css';

/** Props of {@link TaskReadOnlyNote}. */
export interface TaskReadOnlyNoteProps {
  /** Why the task is read-only. */
  readonly reason: ReadOnlyReason;
  /** Whether a claim is under way. */
  readonly claiming: boolean;
  /** Claims the task. */
  readonly onClaim: () => void;
}

/**
 * Above a read-only task form: one sentence of why it is read-only, and Claim where
 * claiming the task is the way to work on it.
 */
export function TaskReadOnlyNote({ reason, claiming, onClaim }: TaskReadOnlyNoteProps) {
  const { t } = useTranslation();
  const claimable = reason === ReadOnlyReason.claimable;
  return (
    <Callout
      intent={claimable ? 'primary' : 'warning'}
      icon={claimable ? <HandIcon /> : <InfoSignIcon />}
      className="tessera-task-read-only"
      data-testid="task-read-only-note"
      data-reason={reason}
    >
      <div className="tessera-task-read-only__body">
        <p className="tessera-task-read-only__text">{t(`process.task.readOnly.${reason}`)}</p>
        {claimable && (
          <Button
            intent="primary"
            text={t('process.task.claim')}
            loading={claiming}
            data-testid="task-claim"
            onClick={onClaim}
          />
        )}
      </div>
    </Callout>
  );
}
