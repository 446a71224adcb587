import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';
import { designerForm, type TestField } from './runtimeTestKit';
import { TaskForm } from './TaskForm';

const registry = createFieldRegistry();

// jsdom has no `CSS.escape`, which user-event's arrow keys in a radio group call.
if (typeof globalThis.CSS?.escape !== 'function') {
  Object.assign(globalThis, {
    CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) },
  });
}

/** Renders a one-section form of these fields and answers its store. */
function renderForm(fields: readonly TestField[], locale = 'en'): FormStore {
  const form = designerForm(fields);
  const store = new FormStore(form, { registry });
  render(
    <TaskForm form={form} store={store} locale={locale} registry={registry} onSubmit={vi.fn()} />,
  );
  return store;
}

/** The error text under a field, '' when it shows none. */
function errorText(control: HTMLElement): string {
  const box = document.getElementById(`${control.id}__error`);
  return box && !box.hidden ? (box.textContent ?? '') : '';
}

describe('editing a field that shows an error', () => {
  it('given a required text field showing its error, when "Ana" is typed, then the focus stays and "Ana" is stored', async () => {
    // Given an empty required field whose error shows after a refused submit.
    const store = renderForm([
      { id: 'name', type: 'input', label: 'Name', validation: { required: true } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const input = screen.getByLabelText(/Name/) as HTMLInputElement;
    expect(errorText(input)).toBe('This field is required.');

    // When the user types into it.
    await userEvent.click(input);
    await userEvent.keyboard('Ana');

    // Then the same input keeps the focus and every keystroke, and the error is gone.
    expect(document.activeElement).toBe(input);
    expect(input.isConnected).toBe(true);
    expect(input.value).toBe('Ana');
    expect(store.values().name).toBe('Ana');
    expect(errorText(input)).toBe('');
  });

  it('given a required radio group with nothing chosen showing its error, when arrow down is pressed, then the focus stays and a choice is made', async () => {
    // Given a required radio group, nothing chosen, its error showing.
    const store = renderForm([
      {
        id: 'status',
        type: 'radio',
        label: 'Status',
        validation: { required: true },
        options: [
          { name: 'Employed', value: 'employed' },
          { name: 'Retired', value: 'retired' },
          { name: 'Student', value: 'student' },
        ],
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const group = screen.getByRole('radiogroup', { name: 'Status' });
    expect(errorText(group)).toBe('This field is required.');

    // When the keyboard user is on the group's first radio and presses arrow down.
    const first = screen.getByRole('radio', { name: 'Employed' });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');

    // Then the focus is still in the group, on the chosen radio, and the choice is stored.
    const second = screen.getByRole('radio', { name: 'Retired' });
    expect(document.activeElement).toBe(second);
    expect((second as HTMLInputElement).checked).toBe(true);
    expect(store.values().status).toBe('retired');
    expect(errorText(group)).toBe('');
  });

  it('given a date field showing its error, when the date is typed digit by digit, then nothing is wiped', async () => {
    // Given a required date whose error shows.
    const store = renderForm([
      { id: 'birth', type: 'date', label: 'Birth', validation: { required: true } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const input = screen.getByLabelText(/Birth/) as HTMLInputElement;

    // When the day, the month and the year are typed one digit at a time, DD/MM/YYYY.
    let shown = '';
    for (const digit of '15032026') {
      await userEvent.type(input, digit);
      // Then each step keeps what was typed so far, in the same input.
      expect(input.isConnected).toBe(true);
      expect(input.value.replaceAll('/', '')).toBe(`${shown.replaceAll('/', '')}${digit}`);
      shown = input.value;
    }
    expect(input.value).toBe('15/03/2026');
    fireEvent.blur(input);
    expect(store.values().birth).toBe('2026-03-15');
    expect(errorText(input)).toBe('');
  });
});

describe('numbers in the form language', () => {
  it.each(['fr', 'es'])(
    'in %s, "4,5" is accepted, stored as 4.5 and shown "4,5"',
    async (locale) => {
      const store = renderForm(
        [
          { id: 'rate', type: 'number', label: 'Rate' },
          { id: 'double', type: 'formula', label: 'Double', config: { expression: 'rate * 2' } },
        ],
        locale,
      );
      const input = screen.getByLabelText('Rate') as HTMLInputElement;
      await userEvent.type(input, '4,5');
      expect(input.value).toBe('4,5');
      fireEvent.blur(input);
      expect(store.peekValue('rate')).toBe(4.5);
      expect(store.values().rate).toBe(4.5);
      expect(input.value).toBe('4,5');
      expect(errorText(input)).toBe('');
      expect((screen.getByLabelText('Double') as HTMLInputElement).value).toBe('9');
    },
  );

  it('in French, a computed decimal and a saved amount are shown with a comma', () => {
    const form = designerForm([
      { id: 'price', type: 'number', label: 'Price', config: { numberKind: 'amount' } },
      { id: 'half', type: 'formula', label: 'Half', config: { expression: 'price / 4' } },
    ]);
    const store = new FormStore(form, { registry, initialValues: { price: 1250.5 } });
    render(
      <TaskForm form={form} store={store} locale="fr" registry={registry} onSubmit={vi.fn()} />,
    );
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('1 250,50');
    expect((screen.getByLabelText('Half') as HTMLInputElement).value).toBe('312,625');
  });

  it('in English, "4,5" is still refused with a clear error, and kept', async () => {
    const store = renderForm([{ id: 'rate', type: 'number', label: 'Rate' }]);
    const input = screen.getByLabelText('Rate') as HTMLInputElement;
    await userEvent.type(input, '4,5');
    fireEvent.blur(input);
    expect(input.value).toBe('4,5');
    expect(store.values().rate).toBe('4,5');
    expect(errorText(input)).toBe('Enter a number, for example 1 250 000.50.');
  });
});

describe('a formula that cannot be computed', () => {
  it.each([
    ['en', 'A value in the formula is not a number: ab.'],
    ['fr', 'Une valeur de la formule n’est pas un nombre : ab.'],
  ])('in %s, shows the reason as the field error, not inside the input', async (locale, text) => {
    const store = renderForm(
      [
        { id: 'code', type: 'input', label: 'Code' },
        { id: 'double', type: 'formula', label: 'Double', config: { expression: 'code * 2' } },
      ],
      locale,
    );
    await userEvent.type(screen.getByLabelText('Code'), 'ab');
    const output = screen.getByLabelText('Double') as HTMLInputElement;
    expect(output.value).toBe('');
    expect(output.getAttribute('aria-invalid')).toBe('true');
    const message = errorText(output);
    expect(output.getAttribute('aria-describedby')).toBe(`${output.id}__error`);
    expect(message).toBe(text);
    expect(store.values().double).toBeNull();
  });
});
