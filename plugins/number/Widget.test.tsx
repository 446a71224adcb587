import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();

// An APS amount as its exports write it: the fraction switch and currency in `params`.
const apsAmount = (enableFractions: boolean) =>
  compiled({
    key: 'aps-amount',
    fields: [
      {
        id: 'deposit',
        name: 'Deposit',
        type: 'amount',
        params: { enableFractions, currency: 'EUR' },
      },
    ],
  });

describe('NumberWidget', () => {
  it('given an APS amount without fractions, when 1250.5 is typed and left, then a whole number is asked for, the text is not rounded and the keypad has no point', async () => {
    const onSubmit = vi.fn();
    render(
      <TaskForm form={apsAmount(false)} locale="en" registry={registry} onSubmit={onSubmit} />,
    );
    const input = screen.getByLabelText('Deposit') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    await userEvent.type(input, '1250.5');
    fireEvent.blur(input);
    expect(input.value).toBe('1 250.5');
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number.');
    expect(screen.getByText('EUR')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('given an APS amount with fractions, when 1250.5 is typed, then it is taken with its cents', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={apsAmount(true)} locale="en" registry={registry} onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Deposit') as HTMLInputElement;
    expect(input.inputMode).toBe('decimal');
    await userEvent.type(input, '1250.5');
    fireEvent.blur(input);
    expect(input.value).toBe('1 250.50');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { deposit: 1250.5 });
  });
});
