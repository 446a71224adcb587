import { Button, Callout, Card } from '@blueprintjs/core';
import { RefreshIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../public/PublicLayout';

interface PasswordEndCardProps {
  /** The large icon above the title (done, expired). */
  readonly icon: ReactNode;
  readonly title: string;
  readonly text: string;
  /** The one way on: a button to the sign-in page. */
  readonly children: ReactNode;
}

/** A password screen's last word: an icon, a title, a line and the way on. */
export function PasswordEndCard({ icon, title, text, children }: PasswordEndCardProps) {
  return (
    <PublicLayout>
      <Card className="tessera-auth-card tessera-password-success" elevation={1}>
        {icon}
        <h1 className="tessera-auth-card__title">{title}</h1>
        <p className="tessera-auth-card__subtitle">{text}</p>
        {children}
      </Card>
    </PublicLayout>
  );
}

/** The password rules could not be read: says so and offers to read them again. */
export function PasswordLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Callout intent="danger" title={title}>
      <Button
        className="tessera-password__retry"
        icon={<RefreshIcon />}
        text={t('common.retry')}
        onClick={onRetry}
      />
    </Callout>
  );
}

/** A password form: sent by its submit button or Enter, checked by its own rules. */
export function PasswordForm({
  onSubmit,
  children,
}: {
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
