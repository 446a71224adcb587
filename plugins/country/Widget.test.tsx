import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { i18n } from '../../src/i18n/i18n';

const registry = createFieldRegistry();
const form = designerForm([
  { id: 'nationality', type: 'country', label: 'Nationality', validation: { required: true } },
]);

describe('CountryWidget', () => {
  it('given the whole ISO list in French, when Portugal is picked, then the form submits PT', async () => {
    await i18n.changeLanguage('fr');
    try {
      const onSubmit = vi.fn();
      render(<TaskForm form={form} locale="fr" registry={registry} onSubmit={onSubmit} />);
      const select = screen.getByLabelText(/Nationality/) as HTMLSelectElement;
      const names = [...select.options].map((option) => option.text);
      expect(names).toHaveLength(250);
      expect(names[0]).toBe('Choisissez…');
      expect(names).toEqual(expect.arrayContaining(['Allemagne', 'Espagne', 'Royaume-Uni']));
      await userEvent.selectOptions(select, 'Portugal');
      await userEvent.click(screen.getByRole('button', { name: /Terminer/ }));
      expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { nationality: 'PT' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('given a form author, then each country shows its code beside its name', () => {
    render(<TaskForm form={form} locale="en" registry={registry} accessTest onSubmit={vi.fn()} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toContain('Portugal (PT)');
  });

  it('given stored codes in a read-only form, then a country reads by name and another value as stored', () => {
    const show = (nationality: string, locale: string) => {
      const { unmount } = render(
        <TaskForm
          form={form}
          locale={locale}
          registry={registry}
          readOnly
          initialValues={{ nationality }}
          onSubmit={vi.fn()}
        />,
      );
      const box = screen.getByLabelText(/Nationality/) as HTMLInputElement;
      const shown = [box.value, box.readOnly];
      unmount();
      return shown;
    };
    expect(show('DE', 'en')).toEqual(['Germany', true]);
    expect(show('DE', 'es')).toEqual(['Alemania', true]);
    expect(show('OTHER', 'en')).toEqual(['OTHER', true]);
  });
});
