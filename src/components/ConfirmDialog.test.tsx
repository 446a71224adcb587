import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('shows the title, the message, the bold part and the red warning', () => {
    render(
      <ConfirmDialog
        isOpen
        title="anna.lopez@northbank.example"
        message="Reassign this task?"
        boldText="Check income documents"
        warningText="The current assignee loses access."
        primaryText="Reassign"
        secondaryText="Cancel"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText('anna.lopez@northbank.example')).toBeTruthy();
    expect(screen.getByText('Check income documents').className).toContain('bold');
    expect(screen.getByRole('alert').textContent).toBe('The current assignee loses access.');
  });

  it('confirms with the primary button and cancels with the secondary one', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog
        isOpen
        title="t"
        message="m"
        primaryText="Log out"
        secondaryText="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('opens with focus on the safe button, not on the one that acts', async () => {
    render(
      <ConfirmDialog
        isOpen
        title="Unsaved changes"
        message="Leave without saving?"
        primaryText="Leave"
        secondaryText="Stay"
        primaryIntent="danger"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const stay = screen.getByRole('button', { name: 'Stay' });
    await waitFor(() => expect(document.activeElement).toBe(stay));
    // The overlay's own focus handling runs a frame later and must not take it away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(stay);
  });
});
