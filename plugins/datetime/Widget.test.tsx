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
  it('given the day typed as DD/MM/YYYY and the time as HH:mm, when the form is submitted, then it saves the wall-clock value', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const day = screen.getByLabelText(/^Meeting/, {
      selector: 'input:not([id$="-time"])',
    }) as HTMLInputElement;
    const time = screen.getByLabelText('Meeting: time') as HTMLInputElement;
    expect(day.type).toBe('text');
    expect(day.placeholder).toBe('DD/MM/YYYY');
    expect(day.getAttribute('aria-required')).toBe('true');
    await userEvent.type(day, '05032026');
    await userEvent.type(time, '1430');
    expect(day.value).toBe('05/03/2026');
    expect(time.value).toBe('14:30');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Done' }), {
      meetingAt: '2026-03-05T14:30',
    });
  });

  it('given a day and no time, when the field is left, then it asks for both', async () => {
    render(<TaskForm form={form} locale="fr" registry={registry} onSubmit={vi.fn()} />);
    const day = screen.getByLabelText(/^Meeting/, { selector: 'input:not([id$="-time"])' });
    await userEvent.type(day, '05032026');
    // Moving from the day to the time is not leaving the field.
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe('Saisissez une date et une heure.');
  });

  it('given a moment before the earliest, when the field is left, then the translated error names the limit', () => {
    render(<TaskForm form={form} locale="es" registry={registry} onSubmit={vi.fn()} />);
    const input = screen.getByLabelText(/^Meeting/, { selector: 'input:not([id$="-time"])' });
    fireEvent.change(input, { target: { value: '28022026' } });
    fireEvent.change(screen.getByLabelText('Meeting: hora'), { target: { value: '1000' } });
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
