import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { i18n } from '../../src/i18n/i18n';

const registry = createFieldRegistry();
const form = designerForm([
  { id: 'address', type: 'address', label: 'Postal address', validation: { required: true } },
]);

const input = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });

describe('AddressWidget', () => {
  it('given an editable task, when each part is typed and the country picked, then the form submits one structured address', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Postal address' });
    // Every part is an input that takes text: nothing read-only, no "No data".
    const controls = within(group).getAllByRole('textbox') as HTMLInputElement[];
    expect(controls).toHaveLength(5);
    for (const control of controls) expect(control.readOnly).toBe(false);
    expect(group.textContent).not.toContain('No data');

    await userEvent.type(input('Street'), 'Rua Augusta');
    await userEvent.type(input('Number'), '24');
    await userEvent.type(input('Postal code'), '1100-048');
    await userEvent.type(input('City'), 'Lisboa');
    const country = input('Country') as HTMLSelectElement;
    // The whole ISO list, after the "Choose…" entry.
    expect(country.options).toHaveLength(250);
    await userEvent.selectOptions(country, 'Portugal');
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Complete' }), {
      address: {
        street: 'Rua Augusta',
        houseNumber: '24',
        postalCode: '1100-048',
        city: 'Lisboa',
        country: 'PT',
      },
    });
  });

  it('given half an address, when the focus leaves it, then the missing parts are said and marked, in French', async () => {
    await i18n.changeLanguage('fr');
    try {
      render(<TaskForm form={form} locale="fr" registry={registry} onSubmit={vi.fn()} />);
      const street = input('Rue');
      await userEvent.type(street, 'Rue de la Paix');
      // Moving between the parts shows nothing yet.
      await userEvent.click(input('Numéro'));
      expect(screen.queryByRole('alert')).toBeNull();
      fireEvent.blur(input('Numéro'), { relatedTarget: document.body });
      const said = screen.getByRole('alert').textContent;
      expect(said).toContain('Saisissez la ville.');
      expect(said).toContain('Choisissez le pays.');
      expect(said).not.toContain('Saisissez la rue.');
      expect(input('Ville').getAttribute('aria-invalid')).toBe('true');
      expect(input('Pays').getAttribute('aria-invalid')).toBe('true');
      expect(street.getAttribute('aria-invalid')).toBeNull();
      // Names in French, sorted as French sorts.
      const names = [...(input('Pays') as HTMLSelectElement).options].map((option) => option.text);
      expect(names).toContain('Allemagne');
      expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('given a stored address in a read-only form, then it reads as named lines with the country by name', async () => {
    const stored = {
      street: 'Calle Mayor',
      houseNumber: '12',
      postalCode: '28013',
      city: 'Madrid',
      country: 'ES',
    };
    const { unmount } = render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        readOnly
        initialValues={{ address: stored }}
        onSubmit={vi.fn()}
      />,
    );
    const lines = () => {
      const group = screen.getByRole('group', { name: 'Postal address' });
      const names = within(group)
        .getAllByRole('term')
        .map((term) => term.textContent);
      const values = within(group)
        .getAllByRole('definition')
        .map((value) => value.textContent);
      return names.map((name, index) => [name, values[index]]);
    };
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(lines()).toEqual([
      ['Street', 'Calle Mayor'],
      ['Number', '12'],
      ['Postal code', '28013'],
      ['City', 'Madrid'],
      ['Country', 'Spain'],
    ]);
    unmount();
    await i18n.changeLanguage('es');
    try {
      render(
        <TaskForm
          form={form}
          locale="es"
          registry={registry}
          readOnly
          initialValues={{ address: { city: 'Sevilla', country: 'ES' } }}
          onSubmit={vi.fn()}
        />,
      );
      expect(lines()).toEqual([
        ['Ciudad', 'Sevilla'],
        ['País', 'España'],
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('given nothing stored in a read-only form, then it says there is no data', () => {
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        readOnly
        initialValues={{ address: null }}
        onSubmit={vi.fn()}
      />,
    );
    expect(screen.getByRole('group', { name: 'Postal address' }).textContent).toBe('No data');
  });
});
