import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const form = compiled({
  key: 'branch-pick',
  fields: [
    {
      id: 'branch',
      name: 'Branch',
      type: 'typeahead',
      required: true,
      options: [
        { id: 'lis', name: 'Lisbon' },
        { id: 'lon', name: 'London' },
        { id: 'mad', name: 'Madrid' },
      ],
    },
    {
      id: 'customer',
      name: 'Customer',
      type: 'typeahead',
      restUrl: 'https://crm.example.com/customers',
    },
  ],
  outcomes: [{ id: 'done', name: 'Done' }],
});

describe('TypeaheadWidget', () => {
  it('given typed text, when a match is picked with the arrows and Enter, then its value is submitted and its label shown', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: /Branch/ });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'l');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Lisbon',
      'London',
    ]);
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}');
    const london = screen.getByRole('option', { name: 'London' });
    expect(london.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(london.id);
    await user.keyboard('{Enter}');
    expect((input as HTMLInputElement).value).toBe('London');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Done' }), {
      branch: 'lon',
      customer: null,
    });
  });

  it('given a pick, when other text is typed and the field is left, then the pick stands; Escape puts its label back', async () => {
    const user = userEvent.setup();
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        initialValues={{ branch: 'mad' }}
        onSubmit={vi.fn()}
      />,
    );
    const input = screen.getByRole('combobox', { name: /Branch/ }) as HTMLInputElement;
    expect(input.value).toBe('Madrid');
    await user.type(input, 'xyz');
    expect(screen.getByRole('option').textContent).toBe('No choice matches');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(input.value).toBe('Madrid');
    await user.type(input, 'q');
    await user.tab();
    expect(input.value).toBe('Madrid');
  });

  it('given a REST-sourced typeahead without written choices, when opened, then it says the service is not configured here (Spanish)', async () => {
    const user = userEvent.setup();
    render(<TaskForm form={form} locale="es" registry={registry} onSubmit={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: /Customer/ });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option').textContent).toBe(
      'Las opciones de este campo vienen de un servicio que no está configurado aquí.',
    );
  });
});
