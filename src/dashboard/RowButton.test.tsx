import { PeopleIcon } from '@blueprintjs/icons';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowButton } from './RowButton';

describe('RowButton', () => {
  it('given an icon-only team row action, when it gets keyboard focus, then a tooltip names the action', async () => {
    render(
      <RowButton
        variant="minimal"
        icon={<PeopleIcon />}
        tooltip="Reassign"
        aria-label="Reassign Check documents"
      />,
    );
    const button = screen.getByRole('button', { name: 'Reassign Check documents' });

    act(() => button.focus());

    const tooltip = await screen.findByText('Reassign');
    expect(tooltip.closest('.bp6-tooltip')).not.toBeNull();
    expect(button.getAttribute('title')).toBeNull();
  });
});
