import { InboxIcon } from '@blueprintjs/icons';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoteLoadingStatus } from '../stores/statuses';
import { RemoteList, type RemoteListProps } from './RemoteList';

function renderList(props: Partial<RemoteListProps>) {
  const onRetry = vi.fn();
  render(
    <RemoteList
      status={RemoteLoadingStatus.fullyLoaded}
      count={0}
      onRetry={onRetry}
      failedTitle="The letters could not be loaded"
      loadingLabel="Loading the letters"
      empty={{ icon: <InboxIcon size={40} />, title: 'No letters yet' }}
      {...props}
    >
      <ul aria-label="Letters">
        <li>A letter</li>
      </ul>
    </RemoteList>,
  );
  return onRetry;
}

describe('RemoteList', () => {
  it('given a failed read, when Try again is pressed, then the list is read again', async () => {
    const onRetry = renderList({ status: RemoteLoadingStatus.loadingFailed, count: 2 });
    expect(screen.getByRole('heading', { name: 'The letters could not be loaded' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Letters' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('given a first read still running, then a spinner is named by the label', () => {
    renderList({ status: RemoteLoadingStatus.loading });
    expect(screen.getByLabelText('Loading the letters')).toBeTruthy();
    expect(screen.queryByText('No letters yet')).toBeNull();
  });

  it('given a full read that found nothing, then the empty view says so', () => {
    renderList({});
    expect(screen.getByRole('heading', { name: 'No letters yet' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading the letters')).toBeNull();
  });

  it('given items, when a later read runs, then the list stays on screen', () => {
    renderList({ status: RemoteLoadingStatus.loading, count: 1 });
    expect(screen.getByRole('list', { name: 'Letters' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading the letters')).toBeNull();
  });
});
