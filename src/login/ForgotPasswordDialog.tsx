import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from '@blueprintjs/core';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SavingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** Props of {@link ForgotPasswordDialog}. */
export interface ForgotPasswordDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** The email already typed on the sign-in form, offered as a start. */
  initialEmail: string;
  /** Closes the dialog. */
  onClose: () => void;
}

/** Asks for a reset link by email, then confirms without saying whether the account exists. */
export const ForgotPasswordDialog = observer(function ForgotPasswordDialog({
  isOpen,
  initialEmail,
  onClose,
}: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('login.forgotTitle')}
      className="tessera-forgot-dialog"
    >
      {/* Mounted per opening so each opening starts from the sign-in form's email. */}
      {isOpen && <ForgotPasswordContent initialEmail={initialEmail} onClose={onClose} />}
    </Dialog>
  );
});

interface ForgotPasswordContentProps {
  /** The email to start from. */
  initialEmail: string;
  /** Closes the dialog. */
  onClose: () => void;
}

const ForgotPasswordContent = observer(function ForgotPasswordContent({
  initialEmail,
  onClose,
}: ForgotPasswordContentProps) {
  const { t } = useTranslation();
  const { preferences } = useStores();
  const [form] = useState(() => new ForgotPasswordForm(initialEmail));
  const saving = form.status === SavingStatus.saving;

  if (form.status === SavingStatus.success) {
    return (
      <>
        <DialogBody>
          <Callout intent="success" icon={<EnvelopeIcon />} title={t('login.forgotSentTitle')}>
            {t('login.forgotSent', { email: form.sentTo })}
          </Callout>
        </DialogBody>
        <DialogFooter
          actions={<Button intent="primary" text={t('common.close')} onClick={onClose} autoFocus />}
        />
      </>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(preferences.language);
      }}
    >
      <DialogBody>
        <p className="tessera-forgot-dialog__intro">{t('login.forgotIntro')}</p>
        <FormGroup
          label={t('login.email')}
          labelFor="forgot-email"
          intent={form.problem ? 'danger' : 'none'}
          helperText={
            form.problem ? (
              <span role="alert">{t(form.problem.key, form.problem.values)}</span>
            ) : undefined
          }
        >
          <InputGroup
            id="forgot-email"
            type="email"
            size="large"
            autoComplete="username"
            leftIcon={<EnvelopeIcon />}
            placeholder={t('login.emailPlaceholder')}
            value={form.email}
            onValueChange={(value) => form.setEmail(value)}
            intent={form.problem ? 'danger' : 'none'}
            disabled={saving}
            autoFocus
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              variant="minimal"
              text={t('common.cancel')}
              onClick={onClose}
              disabled={saving}
            />
            <Button type="submit" intent="primary" text={t('login.sendLink')} loading={saving} />
          </>
        }
      />
    </form>
  );
});
