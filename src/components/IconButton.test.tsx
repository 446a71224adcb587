import { CrossIcon } from '@blueprintjs/icons';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('given an icon-only action, when it gets keyboard focus, then a tooltip names it and a click still runs it', async () => {
    const onClick = vi.fn();
    render(<IconButton icon={<CrossIcon />} label="Clear the search" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Clear the search' });

    act(() => button.focus());

    const tooltip = await screen.findByText('Clear the search', {
      selector: '.bp6-popover-content *, .bp6-popover-content',
    });
    expect(tooltip).toBeTruthy();
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
