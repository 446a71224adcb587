import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const form = compiled({
  key: 'visit',
  fields: [{ id: 'visitOn', name: 'Visit', type: 'date', required: true }],
  outcomes: [{ id: 'done', name: 'Done' }],
});

describe('DateWidget', () => {
  it('given 05/03/2026 typed, when the form is submitted, then it saves 2026-03-05', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const input = screen.getByLabelText(/Visit/) as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('DD/MM/YYYY');
    expect(input.getAttribute('aria-required')).toBe('true');
    await userEvent.type(input, '05032026');
    expect(input.value).toBe('05/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Done' }), {
      visitOn: '2026-03-05',
    });
  });

  it.each([
    ['fr', '31022026', 'Ce mois n’a pas ce jour.'],
    ['es', '01132026', 'El mes debe estar entre 01 y 12.'],
    ['en', '0503', 'Enter the date as DD/MM/YYYY.'],
  ])(
    'given %s and an impossible date %s, when the field is left, then the translated error of its kind describes the input',
    (locale, digits, message) => {
      render(<TaskForm form={form} locale={locale} registry={registry} onSubmit={vi.fn()} />);
      const input = screen.getByLabelText(/Visit/);
      fireEvent.change(input, { target: { value: digits } });
      fireEvent.blur(input);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    },
  );

  it('given a French form, when the calendar is opened, then it is named in French and a day picked by keyboard is saved', async () => {
    const onSubmit = vi.fn();
    render(
      <TaskForm
        form={form}
        locale="fr"
        registry={registry}
        initialValues={{ visitOn: '2026-03-05' }}
        onSubmit={onSubmit}
      />,
    );
    const input = screen.getByLabelText(/Visit/) as HTMLInputElement;
    expect(input.value).toBe('05/03/2026');
    expect(input.placeholder).toBe('JJ/MM/AAAA');
    input.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const grid = await screen.findByRole('grid');
    expect(grid.getAttribute('aria-label')).toMatch(/mars 2026/);
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('5'));
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.value).toBe('04/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { visitOn: '2026-03-04' });
  });
});
