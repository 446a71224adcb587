import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { i18n } from '../../src/i18n/i18n';

const registry = createFieldRegistry();
const form = (defaultCountry?: string) =>
  designerForm([
    {
      id: 'phone',
      type: 'phone',
      label: 'Mobile phone',
      ...(defaultCountry ? { config: { defaultCountry } } : {}),
    },
  ]);

describe('PhoneWidget', () => {
  it('given a French number typed with spaces, when the field is left, then it reads internationally and the form submits E.164', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form('ES')} locale="en" registry={registry} onSubmit={onSubmit} />);
    const phone = screen.getByLabelText('Mobile phone') as HTMLInputElement;
    expect(phone.type).toBe('tel');
    await userEvent.type(phone, '+33 6 12 34 56 78');
    fireEvent.blur(phone);
    expect(phone.value).toBe('+33 6 12 34 56 78');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Complete' }), {
      phone: '+33612345678',
    });
  });

  it('given a national number in a field of that country, when left, then it keeps its national form and saves E.164', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form('FR')} locale="fr" registry={registry} onSubmit={onSubmit} />);
    const phone = screen.getByLabelText('Mobile phone') as HTMLInputElement;
    await userEvent.type(phone, '0612345678');
    fireEvent.blur(phone);
    expect(phone.value).toBe('06 12 34 56 78');
    await userEvent.click(screen.getByRole('button', { name: /Terminer|Complete/ }));
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { phone: '+33612345678' });
  });

  it('given a number that is too short, when left, then the translated error says so and the text stays as typed', async () => {
    await i18n.changeLanguage('es');
    try {
      render(<TaskForm form={form()} locale="es" registry={registry} onSubmit={vi.fn()} />);
      const phone = screen.getByLabelText('Mobile phone') as HTMLInputElement;
      await userEvent.type(phone, '+33 6 12');
      fireEvent.blur(phone);
      expect(screen.getByRole('alert').textContent).toBe(
        'Este número de teléfono es demasiado corto.',
      );
      expect(phone.getAttribute('aria-invalid')).toBe('true');
      expect(phone.value).toBe('+33 6 12');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('given a stored number in a read-only form, then each reader sees it written their way', () => {
    const show = (locale: string) => {
      const { unmount } = render(
        <TaskForm
          form={form('ES')}
          locale={locale}
          registry={registry}
          readOnly
          initialValues={{ phone: '+33612345678' }}
          onSubmit={vi.fn()}
        />,
      );
      const phone = screen.getByLabelText('Mobile phone') as HTMLInputElement;
      const shown = [phone.value, phone.readOnly];
      unmount();
      return shown;
    };
    expect(show('en')).toEqual(['+33 6 12 34 56 78', true]);
    expect(show('fr')).toEqual(['06 12 34 56 78', true]);
  });
});
