import { Button, Card, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { EnvelopeIcon, ErrorIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../components/PasswordInput';
import { PublicLayout } from '../public/PublicLayout';
import { useStores } from '../stores/useStores';
import { LoginForm } from './LoginForm';
import './LoginScreen.css';

const LINE_ID = 'login-line';

// Few visits need the dialog, so it loads on the first click of "Forgot password?".
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog').then((module) => ({ default: module.ForgotPasswordDialog })),
);

/**
 * The sign-in page (`/login`): email, password with show/hide, one inline line for every
 * problem, the language selector, and the forgot-password dialog.
 */
export const LoginScreen = observer(function LoginScreen() {
  const { session } = useStores();
  const { t } = useTranslation();
  const [form] = useState(() => new LoginForm(session));
  const [forgotOpen, setForgotOpen] = useState(false);
  // Stays mounted after the first opening so the dialog can animate out.
  const [forgotLoaded, setForgotLoaded] = useState(false);
  const line = form.line;
  // After a refused sign-in the focus goes to the field the problem is about (the email
  // unless only the password is wrong), which names the line in aria-describedby: the
  // button pressed has become a spinner meanwhile and the fields were disabled.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered === 0 || form.submitting || !form.line) return;
    const field = form.emailInvalid || !form.passwordInvalid ? 'email' : 'password';
    document.getElementById(field)?.focus();
  }, [answered, form]);

  return (
    <PublicLayout>
      <Card className="tessera-auth-card" elevation={1}>
        <h1 className="tessera-auth-card__title">{t('login.title')}</h1>
        <p className="tessera-auth-card__subtitle">{t('login.subtitle')}</p>
        <form
          noValidate
          aria-label={t('login.title')}
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit().then(() => setAnswered((count) => count + 1));
          }}
        >
          <FormGroup label={t('login.email')} labelFor="email">
            <InputGroup
              id="email"
              name="email"
              type="email"
              size="large"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              leftIcon={<EnvelopeIcon />}
              placeholder={t('login.emailPlaceholder')}
              value={form.email}
              onValueChange={(value) => form.setEmail(value)}
              intent={form.emailInvalid ? 'danger' : 'none'}
              aria-invalid={form.emailInvalid || undefined}
              aria-describedby={line ? LINE_ID : undefined}
              disabled={form.submitting}
              autoFocus
            />
          </FormGroup>
          <FormGroup label={t('login.password')} labelFor="password">
            <PasswordInput
              id="password"
              autoComplete="current-password"
              value={form.password}
              onValueChange={(value) => form.setPassword(value)}
              intent={form.passwordInvalid ? 'danger' : 'none'}
              invalid={form.passwordInvalid}
              describedBy={line ? LINE_ID : undefined}
              disabled={form.submitting}
            />
          </FormGroup>
          <div className="tessera-login__forgot">
            <Button
              variant="minimal"
              size="small"
              intent="primary"
              text={t('login.forgotPassword')}
              onClick={() => {
                setForgotLoaded(true);
                setForgotOpen(true);
              }}
            />
          </div>
          <div className="tessera-login__line-region" aria-live="assertive">
            {line && (
              <p
                id={LINE_ID}
                className="tessera-login__line"
                data-testid="login-error"
                role="alert"
              >
                <ErrorIcon className="tessera-login__line-icon" />
                <span>{t(`login.${line.key}`, line.values)}</span>
              </p>
            )}
          </div>
          {form.submitting ? (
            <div className="tessera-login__busy" role="status">
              <Spinner size={22} />
              <span className="tessera-visually-hidden">{t('login.signingIn')}</span>
            </div>
          ) : (
            <Button type="submit" intent="primary" size="large" fill text={t('login.submit')} />
          )}
        </form>
      </Card>
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            isOpen={forgotOpen}
            initialEmail={form.email.trim()}
            onClose={() => setForgotOpen(false)}
          />
        </Suspense>
      )}
    </PublicLayout>
  );
});
