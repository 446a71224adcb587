import { Classes, TextArea } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_REASON_MAX } from '../api/processesApi';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { WithdrawInstanceStore } from './WithdrawInstanceStore';
import './WithdrawInstance.css';

/** Props of {@link WithdrawInstanceDialog}. */
export interface WithdrawInstanceDialogProps {
  /** The withdrawal's state. */
  readonly withdraw: WithdrawInstanceStore;
  /** The instance's name, shown first in bold: what is being withdrawn. */
  readonly instanceName: string;
  /** Withdraws the instance with the reason typed. */
  readonly onConfirm: () => void;
  /** Where focus goes once the dialog has closed (the withdrawal on the page, or its heading). */
  readonly returnFocusTo: () => HTMLElement | null;
}

/**
 * The confirmation of a withdrawal, in the app's confirmation dialog: which case, what
 * withdrawing does, a required reason with its counter, and Withdraw (danger) or Cancel. The dialog opens on
 * Cancel as every confirmation does; a Withdraw without a reason says so under the field
 * and moves the focus into it.
 */
export const WithdrawInstanceDialog = observer(function WithdrawInstanceDialog({
  withdraw,
  instanceName,
  onConfirm,
  returnFocusTo,
}: WithdrawInstanceDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const fieldId = `${id}-reason`;
  const problemId = `${id}-problem`;
  const counterId = `${id}-counter`;
  const problem = withdraw.problem;
  const field = useRef<HTMLTextAreaElement>(null);
  const refusals = withdraw.refusedConfirmations;
  // A confirmation refused for its reason leads to the field, so the reason can be typed.
  useEffect(() => {
    if (refusals > 0) field.current?.focus();
  }, [refusals]);
  // The dialog's body is a paragraph, so everything in it is phrasing content.
  const message = (
    <>
      <strong className="tessera-withdraw__case">{instanceName}</strong>
      {t('process.withdraw.message')}
      <label className={`${Classes.LABEL} tessera-withdraw__label`} htmlFor={fieldId}>
        <span className="tessera-withdraw__label-text">
          {t('process.withdraw.reason')}{' '}
          <span className={Classes.TEXT_MUTED}>{t('process.withdraw.required')}</span>
        </span>
        <TextArea
          id={fieldId}
          fill
          rows={4}
          value={withdraw.reason}
          maxLength={WITHDRAW_REASON_MAX}
          intent={problem ? 'danger' : 'none'}
          required
          aria-required
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${problemId} ${counterId}` : counterId}
          disabled={withdraw.busy}
          data-testid="withdraw-reason"
          inputRef={field}
          onChange={(event) => withdraw.setReason(event.target.value)}
        />
      </label>
      <span className="tessera-withdraw__help">
        {problem && (
          <span
            id={problemId}
            role="alert"
            className="tessera-withdraw__problem"
            data-testid="withdraw-reason-problem"
          >
            {t(`process.withdraw.problem.${problem}`, { max: WITHDRAW_REASON_MAX })}
          </span>
        )}
        <span id={counterId} className="tessera-withdraw__counter">
          {t('process.withdraw.counter', { count: withdraw.length, max: WITHDRAW_REASON_MAX })}
        </span>
      </span>
    </>
  );
  return (
    <ConfirmDialog
      isOpen={withdraw.isOpen}
      title={t('process.withdraw.title')}
      message={message}
      warningText={t('process.withdraw.warning')}
      primaryText={t('process.withdraw.confirm')}
      secondaryText={t('common.cancel')}
      primaryIntent="danger"
      busy={withdraw.busy}
      onConfirm={onConfirm}
      onCancel={() => withdraw.cancel()}
      returnFocusTo={returnFocusTo}
    />
  );
});
