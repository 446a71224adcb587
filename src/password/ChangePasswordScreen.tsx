import { Button, Callout, Card, FormGroup, Spinner } from '@blueprintjs/core';
import { CrossIcon, EndorsedIcon, UserIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../components/PasswordInput';
import { PublicLayout } from '../public/PublicLayout';
import { SessionStatus } from '../stores/SessionStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { useStores } from '../stores/useStores';
import { ChangePasswordForm, ChangePasswordStatus } from './ChangePasswordForm';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordEndCard, PasswordForm, PasswordLoadFailed } from './passwordScreenParts';
import { IconButton } from '../components/IconButton';
import './passwordScreens.css';

/**
 * The change-password page (`/accounts/password/change`), reached signed in or after the
 * server's 307 on login or the session check. Signed in, it asks for the current password
 * too; in the must-change flow the password was typed at sign-in a moment ago. On success
 * it sends the user to sign in again.
 */
export const ChangePasswordScreen = observer(function ChangePasswordScreen() {
  const { session } = useStores();
  const { t } = useTranslation();
  const [form] = useState(
    () =>
      new ChangePasswordForm({
        mustChange: () => session.status === SessionStatus.passwordChangeRequired,
      }),
  );

  useEffect(() => {
    void form.load();
  }, [form]);

  const toLogin = () => void session.signOutAndGoToLogin();

  if (form.status === ChangePasswordStatus.success) {
    return (
      <PasswordEndCard
        icon={<EndorsedIcon size={40} className="tessera-password-success__icon" />}
        title={t('changePassword.successTitle')}
        text={t('changePassword.successText')}
      >
        <Button
          intent="primary"
          size="large"
          fill
          text={t('changePassword.continue')}
          onClick={toLogin}
          autoFocus
        />
      </PasswordEndCard>
    );
  }

  return (
    <PublicLayout>
      <Card className="tessera-auth-card" elevation={1}>
        <h1 className="tessera-auth-card__title">{t('changePassword.title')}</h1>
        <p className="tessera-auth-card__subtitle">
          {session.status === SessionStatus.passwordChangeRequired
            ? t('changePassword.mustChange')
            : t('changePassword.intro')}
        </p>
        {form.settingsStatus === RemoteLoadingStatus.loadingFailed ? (
          <PasswordLoadFailed
            title={t('changePassword.loadFailed')}
            onRetry={() => void form.load()}
          />
        ) : !form.settings ? (
          <div className="tessera-password__loading">
            <Spinner size={28} aria-label={t('common.loading')} />
          </div>
        ) : (
          <ChangePasswordFields form={form} onChangeAccount={toLogin} />
        )}
      </Card>
    </PublicLayout>
  );
});

interface ChangePasswordFieldsProps {
  /** The screen's state. */
  form: ChangePasswordForm;
  /** Signs out and goes to the sign-in page. */
  onChangeAccount: () => void;
}

const ChangePasswordFields = observer(function ChangePasswordFields({
  form,
  onChangeAccount,
}: ChangePasswordFieldsProps) {
  const { t } = useTranslation();
  const submitting = form.status === ChangePasswordStatus.submitting;
  if (!form.settings) return null;
  return (
    <PasswordForm onSubmit={() => void form.submit()}>
      <div className="tessera-password__account">
        <UserIcon className="tessera-password__account-icon" />
        <div className="tessera-password__account-text">
          <span className="tessera-password__account-label">{t('changePassword.account')}</span>
          <span className="tessera-password__account-email" data-testid="change-password-email">
            {form.email}
          </span>
        </div>
        <Button
          variant="outlined"
          size="small"
          text={t('changePassword.changeAccount')}
          onClick={onChangeAccount}
          disabled={submitting}
        />
      </div>
      {form.failure && (
        <Callout
          intent="danger"
          className="tessera-password__banner"
          role="alert"
          title={t(`changePassword.${form.failure}`, {
            email: form.email,
            count: form.retryAfterMinutes,
          })}
        >
          <IconButton
            className="tessera-password__banner-close"
            variant="minimal"
            size="small"
            icon={<CrossIcon />}
            label={t('common.dismiss')}
            onClick={() => form.dismissFailure()}
          />
        </Callout>
      )}
      {form.requiresCurrentPassword && (
        <FormGroup
          label={t('changePassword.currentPassword')}
          labelFor="current-password"
          intent={form.currentProblem ? 'danger' : 'none'}
          helperText={
            form.currentProblem ? (
              <span role="alert" id="current-password-problem">
                {t(`changePassword.${form.currentProblem}`)}
              </span>
            ) : undefined
          }
        >
          <PasswordInput
            id="current-password"
            autoComplete="current-password"
            value={form.currentPassword}
            onValueChange={(value) => form.setCurrentPassword(value)}
            intent={form.currentProblem ? 'danger' : 'none'}
            invalid={form.currentProblem !== null}
            describedBy={form.currentProblem ? 'current-password-problem' : undefined}
            disabled={submitting}
            autoFocus
          />
        </FormGroup>
      )}
      <NewPasswordFields
        form={form}
        settings={form.settings}
        busy={submitting}
        submitText={t('changePassword.submit')}
        autoFocus={!form.requiresCurrentPassword}
      />
    </PasswordForm>
  );
});
