import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedBy, FieldMessage } from './FieldMessage';

describe('FieldMessage', () => {
  it('given nothing to say, then the line is in the page, empty, for a later message to be announced', () => {
    const { container } = render(<FieldMessage id="gps-status" />);
    const line = container.querySelector('#gps-status');
    expect(line?.getAttribute('role')).toBe('status');
    expect(line?.textContent).toBe('');
  });

  it('given a failure, then it is an alert; good news and neutral news are a polite status', () => {
    const { rerender } = render(<FieldMessage id="m" intent="danger" text="Not available." />);
    expect(screen.getByRole('alert').textContent).toBe('Not available.');
    expect(screen.getByRole('alert').className).toContain('tf-field-message--danger');
    rerender(<FieldMessage id="m" intent="success" text="Captured." />);
    expect(screen.getByRole('status').textContent).toBe('Captured.');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FieldMessage id="m" text="Getting the location…" />);
    expect(screen.getByRole('status').className).toContain('tf-field-message--none');
  });

  it('given a host whose live region speaks the results, then only a failure is a live region of its own', () => {
    const { container, rerender } = render(
      <FieldMessage id="m" intent="success" text="Captured." announced />,
    );
    expect(container.querySelector('#m')?.getAttribute('role')).toBeNull();
    rerender(<FieldMessage id="m" intent="danger" text="Not available." announced />);
    expect(screen.getByRole('alert').textContent).toBe('Not available.');
  });
});

describe('describedBy', () => {
  it('names only the ids given, and nothing at all rather than an empty attribute', () => {
    expect(describedBy('f__error', 'f-message')).toBe('f__error f-message');
    expect(describedBy(undefined, false, 'f-message')).toBe('f-message');
    expect(describedBy(undefined, null, '')).toBeUndefined();
  });
});
