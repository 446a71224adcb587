import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const form = compiled({
  key: 'meeting',
  fields: [
    {
      id: 'meetingAt',
      name: 'Meeting',
      type: 'datetime',
      required: true,
      minValue: '2026-03-01T09:00',
      dateDisplayFormat: 'D-M-YYYY hh:mm A',
    },
  ],
  outcomes: [{ id: 'done', name: 'Done' }],
});

describe('DateTimeWidget', () => {
  it('given a year typed digit by digit, when each digit lands, then the input keeps it and the form submits the wall-clock value', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const input = screen.getByLabelText(/Meeting/) as HTMLInputElement;
    expect(input.type).toBe('datetime-local');
    expect(input.min).toBe('2026-03-01T09:00');
    expect(input.max).toBe('9999-12-31T23:59');
    expect(input.getAttribute('aria-required')).toBe('true');
    // What Chromium's input reports as each year digit is typed.
    for (const value of ['0002-03-05T14:30', '0020-03-05T14:30', '0202-03-05T14:30']) {
      fireEvent.change(input, { target: { value } });
      expect(input.value).toBe(value);
    }
    fireEvent.change(input, { target: { value: '2026-03-05T14:30' } });
    expect(input.value).toBe('2026-03-05T14:30');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Done' }), {
      meetingAt: '2026-03-05T14:30',
    });
  });

  it('given a moment before the earliest, when the field is left, then the translated error names the limit', () => {
    render(<TaskForm form={form} locale="es" registry={registry} onSubmit={vi.fn()} />);
    const input = screen.getByLabelText(/Meeting/);
    fireEvent.change(input, { target: { value: '2026-02-28T10:00' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe(
      'Introduzca una fecha y hora a partir de 2026-03-01 09:00.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('given a stored value in a read-only form, then it shows in the author’s display format', () => {
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        readOnly
        initialValues={{ meetingAt: '2026-03-05T14:30:00Z' }}
        onSubmit={vi.fn()}
      />,
    );
    const input = screen.getByLabelText(/Meeting/) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('5-3-2026 02:30 PM');
  });
});
