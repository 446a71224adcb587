import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const EXPRESSION = 'loanAmount * rate / 100';
const form = designerForm([
  { id: 'loanAmount', type: 'number', label: 'Loan amount' },
  { id: 'rate', type: 'number', label: 'Rate' },
  { id: 'interest', type: 'formula', label: 'Interest', config: { expression: EXPRESSION } },
]);

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

function renderForm(accessTest: boolean) {
  render(
    <TaskForm
      form={form}
      locale="en"
      registry={registry}
      initialValues={{ loanAmount: 2000, rate: 5 }}
      accessTest={accessTest}
      onSubmit={vi.fn()}
    />,
  );
}

/** The formula's read-only input (with access-test its label also holds the id chip). */
const interest = () => {
  const input = document.querySelector<HTMLInputElement>('.tf-formula input');
  if (!input) throw new Error('The formula field is not rendered.');
  return input;
};

describe('spec 001 section 4 (line 86): the formula field’s calculation and formula views and its copy action', () => {
  it('given a formula field, when it shows, then the calculation view holds the result; switched, the formula view holds the expression, and back again the result', async () => {
    renderForm(true);
    await waitFor(() => expect(interest().value).toBe('100'));

    fireEvent.click(screen.getByRole('button', { name: 'Show the formula' }));

    expect(interest().value).toBe(EXPRESSION);
    const back = screen.getByRole('button', { name: 'Show the result' });
    expect(back.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(back);

    expect(interest().value).toBe('100');
  });

  it('given a formula field, when copy is pressed in each view, then what the view shows is copied and the button says Copied', async () => {
    renderForm(true);
    await waitFor(() => expect(interest().value).toBe('100'));

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenLastCalledWith('100');

    fireEvent.click(screen.getByRole('button', { name: 'Show the formula' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenLastCalledWith(EXPRESSION);
  });
});

describe('spec 001 section 6 (line 114): access-test sees the Formula view button', () => {
  it('given staff without access-test, when a formula field shows, then there is no formula view button, only the result and its copy', async () => {
    renderForm(false);
    await waitFor(() => expect(interest().value).toBe('100'));
    expect(screen.queryByRole('button', { name: 'Show the formula' })).toBeNull();
    screen.getByRole('button', { name: 'Copy' });
  });
});
