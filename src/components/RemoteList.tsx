import { Button, NonIdealState, Spinner, type NonIdealStateProps } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteLoadingStatus } from '../stores/statuses';

/** Props of {@link RemoteList}. */
export interface RemoteListProps {
  /** Where the read of the list stands. */
  readonly status: RemoteLoadingStatus;
  /** How many items the list holds now. */
  readonly count: number;
  /** Reads the list again, from the failure view's Retry button. */
  readonly onRetry: () => unknown;
  /** The failure view's title, translated ("The incidents could not be loaded"). */
  readonly failedTitle: string;
  /** The spinner's accessible name, translated. */
  readonly loadingLabel: string;
  /** What a list read in full with nothing in it shows: an icon, a title, perhaps more. */
  readonly empty: Pick<NonIdealStateProps, 'icon' | 'title' | 'description' | 'className'>;
  /** The list itself, shown once it has items. */
  readonly children: ReactNode;
}

/**
 * The four faces of a list read from the server, in the order they win: a failed read (with
 * Retry), a first read still running (a spinner), a read that found nothing, and the list.
 * A list that already has items stays on screen while a later read runs.
 */
export function RemoteList({
  status,
  count,
  onRetry,
  failedTitle,
  loadingLabel,
  empty,
  children,
}: RemoteListProps) {
  const { t } = useTranslation();
  if (status === RemoteLoadingStatus.loadingFailed) {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={failedTitle}
        action={<Button variant="outlined" text={t('document.retry')} onClick={() => onRetry()} />}
      />
    );
  }
  if (count === 0) {
    return status === RemoteLoadingStatus.fullyLoaded ? (
      <NonIdealState {...empty} />
    ) : (
      <Spinner aria-label={loadingLabel} />
    );
  }
  return children;
}
