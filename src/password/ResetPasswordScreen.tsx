import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { EndorsedIcon, TimeIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../public/PublicLayout';
import { Paths } from '../routing/paths';
import { SavingStatus } from '../stores/statuses';
import { ResetPasswordForm, ResetPasswordView } from './ResetPasswordForm';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordEndCard, PasswordForm, PasswordLoadFailed } from './passwordScreenParts';
import './passwordScreens.css';

/**
 * The reset-password page (`/accounts/password/reset?oobCode=&tenant=`), reached from an
 * emailed link: checks the link, then asks for a new password.
 */
export const ResetPasswordScreen = observer(function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form] = useState(() => new ResetPasswordForm(params.get('oobCode'), params.get('tenant')));

  useEffect(() => {
    void form.load();
  }, [form]);

  const navigate = useNavigate();
  const signInButton = (
    <Button
      intent="primary"
      size="large"
      fill
      text={t('resetPassword.backToSignIn')}
      onClick={() => void navigate(Paths.login, { replace: true })}
    />
  );

  switch (form.view) {
    case ResetPasswordView.loading:
      return (
        <PublicLayout>
          <Card className="tessera-auth-card" elevation={1}>
            <div className="tessera-password__loading" role="status">
              <Spinner size={28} />
              <span className="tessera-visually-hidden">{t('resetPassword.checking')}</span>
            </div>
          </Card>
        </PublicLayout>
      );
    case ResetPasswordView.expired:
      return (
        <PasswordEndCard
          icon={<TimeIcon size={40} className="tessera-password-expired__icon" />}
          title={t('resetPassword.expiredTitle')}
          text={t('resetPassword.expiredText')}
        >
          {signInButton}
        </PasswordEndCard>
      );
    case ResetPasswordView.success:
      return (
        <PasswordEndCard
          icon={<EndorsedIcon size={40} className="tessera-password-success__icon" />}
          title={t('resetPassword.successTitle')}
          text={t('resetPassword.successText')}
        >
          {signInButton}
        </PasswordEndCard>
      );
    case ResetPasswordView.loadFailed:
      return (
        <PublicLayout>
          <Card className="tessera-auth-card" elevation={1}>
            <h1 className="tessera-auth-card__title">{t('resetPassword.resetPassword')}</h1>
            <PasswordLoadFailed
              title={t('resetPassword.loadFailed')}
              onRetry={() => void form.load()}
            />
          </Card>
        </PublicLayout>
      );
    case ResetPasswordView.form:
      return (
        <PublicLayout>
          <Card className="tessera-auth-card" elevation={1}>
            <h1 className="tessera-auth-card__title">{t('resetPassword.resetPassword')}</h1>
            <p className="tessera-auth-card__subtitle">
              {t('resetPassword.intro', { email: form.email })}
            </p>
            <ResetPasswordFields form={form} />
          </Card>
        </PublicLayout>
      );
  }
});

interface ResetPasswordFieldsProps {
  /** The page's state. */
  form: ResetPasswordForm;
}

const ResetPasswordFields = observer(function ResetPasswordFields({
  form,
}: ResetPasswordFieldsProps) {
  const { t } = useTranslation();
  const saving = form.status === SavingStatus.saving;
  if (!form.settings) return null;
  return (
    <PasswordForm onSubmit={() => void form.submit()}>
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={form.email}
        readOnly
        hidden
      />
      {form.serverError && (
        <Callout intent="danger" className="tessera-password__banner" role="alert">
          {t('changePassword.serverError')}
        </Callout>
      )}
      <NewPasswordFields
        form={form}
        settings={form.settings}
        busy={saving}
        submitText={t('resetPassword.submit')}
      />
    </PasswordForm>
  );
});
