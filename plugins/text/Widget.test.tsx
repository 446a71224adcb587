import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();

// An APS text field with an input mask, as its exports write one.
const maskedForm = (params: Record<string, unknown>) =>
  compiled({
    key: 'aps-mask',
    fields: [{ id: 'code', name: 'Tax code', type: 'text', params }],
  });

describe('TextWidget with an APS input mask', () => {
  it('given the mask 000-00-0000, when digits are typed, then the dashes come in, the placeholder is the mask placeholder and the value is saved as shown', async () => {
    const onSubmit = vi.fn();
    render(
      <TaskForm
        form={maskedForm({ inputMask: '000-00-0000', inputMaskPlaceholder: '___-__-____' })}
        locale="en"
        registry={registry}
        onSubmit={onSubmit}
      />,
    );
    const input = screen.getByLabelText('Tax code') as HTMLInputElement;
    expect(input.placeholder).toBe('___-__-____');
    expect(input.inputMode).toBe('numeric');
    await userEvent.type(input, '12x3456789');
    expect(input.value).toBe('123-45-6789');
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { code: '123-45-6789' });
  });

  it('given a digit typed in the middle, when a dash moves, then the caret stays after that digit', async () => {
    render(
      <TaskForm
        form={maskedForm({ inputMask: '000-00-0000' })}
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />,
    );
    const input = screen.getByLabelText('Tax code') as HTMLInputElement;
    await userEvent.type(input, '12345678');
    expect(input.value).toBe('123-45-678');
    await userEvent.type(input, '9', { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(input.value).toBe('123-49-5678');
    expect(input.selectionStart).toBe(6);
  });

  it('given a reversed amount mask, when digits are typed, then it fills from the right', async () => {
    render(
      <TaskForm
        form={maskedForm({ inputMask: '#.##0,00', inputMaskReversed: true })}
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />,
    );
    const input = screen.getByLabelText('Tax code') as HTMLInputElement;
    await userEvent.type(input, '1234567');
    expect(input.value).toBe('12.345,67');
  });

  it('given a half-filled mask, when the field is left, then the error names the format and the text stays as typed', async () => {
    const onSubmit = vi.fn();
    render(
      <TaskForm
        form={maskedForm({ inputMask: '000-00-0000' })}
        locale="en"
        registry={registry}
        onSubmit={onSubmit}
      />,
    );
    const input = screen.getByLabelText('Tax code') as HTMLInputElement;
    await userEvent.type(input, '1234');
    fireEvent.blur(input);
    expect(input.value).toBe('123-4');
    expect(screen.getByRole('alert').textContent).toBe('Use the format: 123-45-6789.');
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given a stored value that does not fit the mask, when the form opens, then it is shown as stored, not rewritten', () => {
    const form = maskedForm({ inputMask: '000-00-0000' });
    render(
      <TaskForm
        form={form}
        initialValues={{ code: '123456789' }}
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('Tax code') as HTMLInputElement).value).toBe('123456789');
  });
});
