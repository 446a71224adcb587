import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { dynamicTablePlainForm } from './dynamicTableFixture';

const registry = createFieldRegistry();
const form = compiled(dynamicTablePlainForm);

describe('DynamicTableWidget', () => {
  it('given an empty table, when a row is added, typed in and removed, then the value follows and focus stays in the table', async () => {
    const user = userEvent.setup();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);
    const add = await screen.findByRole('button', { name: 'Add row' });
    expect(screen.getByText('No rows yet.')).toBeTruthy();

    await user.click(add);
    const what = await screen.findByRole('textbox', { name: 'What, row 1' });
    await waitFor(() => expect(document.activeElement).toBe(what));
    await user.type(what, 'Taxi');
    await user.type(screen.getByRole('textbox', { name: 'Cost, row 1' }), '12.5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind, row 1' }), 'travel');
    await user.click(screen.getByRole('checkbox', { name: 'Paid, row 1' }));
    // A day is typed day first, as every date field of the form takes it.
    await user.type(screen.getByRole('textbox', { name: 'Day, row 1' }), '05032026');
    expect((screen.getByRole('textbox', { name: 'Day, row 1' }) as HTMLInputElement).value).toBe(
      '05/03/2026',
    );
    expect((screen.getByRole('textbox', { name: 'What, row 1' }) as HTMLInputElement).value).toBe(
      'Taxi',
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Paid, row 1' }) as HTMLInputElement).checked,
    ).toBe(true);
    // The hidden column has no control.
    expect(screen.queryByRole('textbox', { name: 'Reference, row 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const what2 = await screen.findByRole('textbox', { name: 'What, row 2' });
    await waitFor(() => expect(document.activeElement).toBe(what2));
    // Leaving the empty row shows its errors on its own cells only: the cell names its error,
    // a tooltip shows it when the cell is focused, and the table says how many need attention.
    await user.tab();
    await screen.findByText('2 cells need attention: hover over or focus each to read why.');
    expect(what2.getAttribute('aria-invalid')).toBe('true');
    const described = what2.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Row 2: What is required.');
    what2.focus();
    await waitFor(() =>
      expect(document.querySelector('.bp6-tooltip')?.textContent).toBe('Row 2: What is required.'),
    );
    expect(
      screen.getByRole('textbox', { name: 'Count, row 2' }).getAttribute('aria-invalid'),
    ).toBeNull();
    expect(
      screen.getByRole('textbox', { name: 'What, row 1' }).getAttribute('aria-invalid'),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove row 2' })).toBeNull());
    // The second row took the first one's place, empty.
    expect((screen.getByRole('textbox', { name: 'What, row 1' }) as HTMLInputElement).value).toBe(
      '',
    );
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add row' })),
    );
    expect(screen.getByText('No rows yet.')).toBeTruthy();
  });

  it('given a stored table in a read-only form, then the cells show as text without controls', async () => {
    const stored = {
      ...form,
      sections: form.sections.map((section) => ({
        ...section,
        fields: section.fields.map((field) => ({
          ...field,
          defaultValue: [{ what: 'Hotel', cost: 80, paid: true, kind: 'food' }],
        })),
      })),
    };
    render(<TaskForm form={stored} locale="en" registry={registry} onSubmit={vi.fn()} readOnly />);
    expect(await screen.findByText('Hotel')).toBeTruthy();
    expect(screen.getByText('Food')).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add row' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
