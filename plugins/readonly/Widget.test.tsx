import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const form = compiled({
  key: 'display-values',
  fields: [
    { id: 'applicantName', name: 'Applicant name', type: 'text' },
    {
      id: 'applicantShown',
      name: 'Applicant (as typed)',
      type: 'readonly',
      params: { field: { id: 'applicantName', name: 'Applicant name', type: 'text' } },
    },
    {
      id: 'approvedShown',
      name: 'Approved amount',
      type: 'readonly',
      value: 12000,
      params: { field: { id: 'approvedAmount', name: 'Approved amount', type: 'amount' } },
    },
  ],
  outcomes: [{ id: 'done', name: 'Done' }],
});

describe('ReadonlyWidget', () => {
  it('given a source field on the same form, when it is typed in, then the display value follows and is never submitted', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const shown = screen.getByLabelText('Applicant (as typed)');
    expect(shown.tagName).toBe('OUTPUT');
    expect(shown.textContent).toBe('');
    await userEvent.type(screen.getByLabelText('Applicant name'), 'Ada Lovelace');
    expect(shown.textContent).toBe('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Done' }), {
      applicantName: 'Ada Lovelace',
    });
  });

  it('given no value served for a source variable, then the exported value shows, formatted by the source type', () => {
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Approved amount').textContent).toBe('12 000.00');
  });

  it('given the server served the source variable, then its value shows in the reader’s language', () => {
    render(
      <TaskForm
        form={form}
        locale="fr"
        registry={registry}
        initialValues={{ approvedShown: 9500.5 }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Approved amount').textContent).toBe('9 500,50');
  });
});
