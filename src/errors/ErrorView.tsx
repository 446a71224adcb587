import { Button } from '@blueprintjs/core';
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
  // Plain markup rather than NonIdealState and icons: this view is in the sign-in page's first
  // load, which has a budget, and must show even when no other chunk can be fetched.
  const view = (
    <div className="tessera-error-view" data-testid="error-view">
      <div role="alert" className="tessera-error-view__message">
        <h1 className="tessera-error-view__title">{t('errorView.title')}</h1>
        <p className="tessera-error-view__text">{t('errorView.text')}</p>
      </div>
      <Button
        ref={reload}
        intent="primary"
        text={t('errorView.reload')}
        data-testid="error-view-reload"
        onClick={() => window.location.reload()}
      />
    </div>
  );
  return fullPage ? <main className="tessera-error-view__page">{view}</main> : view;
}
