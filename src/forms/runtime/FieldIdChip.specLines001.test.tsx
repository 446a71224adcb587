import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { designerForm } from './runtimeTestKit';
import { TaskForm } from './TaskForm';

const registry = createFieldRegistry();
const form = designerForm([
  { id: 'customerName', type: 'input', label: 'Customer name' },
  {
    id: 'nationality',
    type: 'dropdown',
    label: 'Nationality',
    options: [
      { name: 'French', value: 'FR' },
      { name: 'Spanish', value: 'ES' },
    ],
  },
  {
    id: 'channel',
    type: 'radio',
    label: 'Channel',
    options: [
      { name: 'Branch', value: 'branch' },
      { name: 'Online', value: 'online' },
    ],
  },
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
      accessTest={accessTest}
      onSubmit={vi.fn()}
    />,
  );
}

describe('spec 001 section 6 (line 114): access-test sees field ids (click to copy) and option values', () => {
  it('given a form author (access-test), when a field id beside its label is clicked, then the id is copied and the chip says so', async () => {
    renderForm(true);
    const chip = await screen.findByRole('button', { name: 'Copy the field id: customerName' });
    expect(chip.textContent).toBe('customerName');
    screen.getByRole('button', { name: 'Copy the field id: nationality' });

    fireEvent.click(chip);

    await screen.findByRole('button', { name: 'Field id copied: customerName' });
    expect(writeText).toHaveBeenCalledWith('customerName');
  });

  it('given a form author (access-test), when choices show, then each carries its stored value', async () => {
    renderForm(true);
    const select = (await screen.findByRole('combobox', {
      name: /Nationality/,
    })) as HTMLSelectElement;
    const captions = [...select.options].slice(1).map((option) => option.textContent);
    expect(captions).toEqual(['French (FR)', 'Spanish (ES)']);
    const radios = within(screen.getByRole('radiogroup', { name: /Channel/ }));
    radios.getByRole('radio', { name: 'Branch (branch)' });
    radios.getByRole('radio', { name: 'Online (online)' });
  });

  it('given staff without access-test, when the form shows, then there are no field ids and no option values', async () => {
    renderForm(false);
    const select = (await screen.findByRole('combobox', {
      name: /Nationality/,
    })) as HTMLSelectElement;
    expect([...select.options].slice(1).map((option) => option.textContent)).toEqual([
      'French',
      'Spanish',
    ]);
    expect(screen.queryAllByRole('button', { name: /Copy the field id/ })).toEqual([]);
    await waitFor(() => expect(document.querySelector('.tf-field-id')).toBeNull());
  });
});
