import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
/** Read-only forms are never submitted here. */
const noSubmit = () => undefined;
const form = designerForm([
  {
    id: 'nationality',
    type: 'dropdown',
    label: 'Nationality',
    options: [
      { name: 'French', value: 'FR' },
      { name: 'Spanish', value: 'ES' },
    ],
  },
]);

describe('DropdownWidget read-only', () => {
  it('given a read-only form, when a stored choice is shown, then its caption is in a read-only text box the keyboard reaches, not a disabled select', () => {
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        onSubmit={noSubmit}
        readOnly
        initialValues={{ nationality: 'ES' }}
      />,
    );
    const box = screen.getByLabelText('Nationality') as HTMLInputElement;
    expect(box.tagName).toBe('INPUT');
    expect(box.value).toBe('Spanish');
    expect(box.readOnly).toBe(true);
    expect(box.disabled).toBe(false);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('given a read-only form, when the stored code is not in the list, then the code shows as stored; nothing stored shows an empty box', () => {
    const { unmount } = render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        onSubmit={noSubmit}
        readOnly
        initialValues={{ nationality: 'PT' }}
      />,
    );
    expect((screen.getByLabelText('Nationality') as HTMLInputElement).value).toBe('PT');
    unmount();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={noSubmit} readOnly />);
    expect((screen.getByLabelText('Nationality') as HTMLInputElement).value).toBe('');
  });

  it('given an editable form, when shown, then the choice is a select', () => {
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={noSubmit} />);
    expect(screen.getByRole('combobox', { name: 'Nationality' }).tagName).toBe('SELECT');
  });
});
