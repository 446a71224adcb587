import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OutcomeBar } from './OutcomeBar';

describe('OutcomeBar', () => {
  it('given Approve, Refer to supervisor and Decline, when shown, then each looks like what it does', () => {
    render(
      <OutcomeBar
        outcomes={[
          { key: 'approve', label: 'Approve', type: 'DEFAULT' },
          { key: 'refer', label: 'Refer to supervisor', type: 'DEFAULT' },
          { key: 'decline', label: 'Decline', type: 'DEFAULT' },
        ]}
        locale="en"
        t={(key) => key}
        onOutcome={() => undefined}
        busyKey={null}
      />,
    );

    expect(screen.getByRole('button', { name: 'Approve' }).className).toContain('intent-primary');
    const refer = screen.getByRole('button', { name: 'Refer to supervisor' }).className;
    expect(refer).not.toContain('intent-');
    expect(screen.getByRole('button', { name: 'Decline' }).className).toContain('intent-danger');
  });
});
