import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon, RefreshIcon } from '@blueprintjs/icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './ErrorView.css';

/** Props of {@link ErrorView}. */
export interface ErrorViewProps {
  /** The whole page failed, not one screen inside the shell: the view is the page's main part. */
  fullPage?: boolean;
}

/**
 * What a user sees instead of a screen that failed to render, in place of a white page:
 * what happened, that it was reported, and a Reload button that has the focus, so Enter
 * starts again from a fresh page.
 */
export function ErrorView({ fullPage = false }: ErrorViewProps) {
  const { t } = useTranslation();
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    reload.current?.focus();
  }, []);
  const view = (
    <NonIdealState
      className="tessera-error-view"
      icon={<ErrorIcon size={40} />}
      // The heading is the page's own h1, not NonIdealState's h4 title.
      description={
        <div data-testid="error-view" role="alert">
          <h1 className="tessera-error-view__title">{t('errorView.title')}</h1>
          <p>{t('errorView.text')}</p>
        </div>
      }
      action={
        <Button
          ref={reload}
          intent="primary"
          icon={<RefreshIcon />}
          text={t('errorView.reload')}
          data-testid="error-view-reload"
          onClick={() => window.location.reload()}
        />
      }
    />
  );
  return fullPage ? <main className="tessera-error-view__page">{view}</main> : view;
}
