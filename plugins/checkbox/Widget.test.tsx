import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const form = designerForm([
  {
    id: 'documents',
    type: 'checkbox',
    label: 'Documents',
    options: [
      { name: 'Passport', value: 'passport' },
      { name: 'Payslip', value: 'payslip' },
      { name: 'Bank statement', value: 'bank' },
    ],
  },
]);

describe('CheckboxWidget with choices', () => {
  it('given three choices, when two are ticked in reverse order and one unticked again, then the group keeps the choices in their own order', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Documents' });
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(3);
    expect(group.contains(boxes[0] ?? null)).toBe(true);

    await userEvent.click(screen.getByLabelText('Bank statement'));
    await userEvent.click(screen.getByLabelText('Passport'));
    await userEvent.click(screen.getByLabelText('Payslip'));
    await userEvent.click(screen.getByLabelText('Payslip'));
    expect(boxes.map((box) => box.checked)).toEqual([true, false, true]);

    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { documents: ['passport', 'bank'] });
  });
});
