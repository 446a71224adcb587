import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';
import { designerForm } from './runtimeTestKit';
import { TaskForm } from './TaskForm';

const registry = createFieldRegistry();

const form = designerForm([
  { id: 'hasGuarantor', type: 'checkbox', label: 'Has a guarantor' },
  {
    id: 'guarantorName',
    type: 'input',
    label: 'Guarantor name',
    validation: { required: true },
    visibleWhen: { field: 'hasGuarantor', op: 'equals', value: true },
  },
]);

describe('a task form with a conditional field', () => {
  it('given a required field shown only when a box is ticked, when the box is ticked and unticked, then the field appears and goes, and an unticked submit goes through without it', async () => {
    const store = new FormStore(form, { registry });
    const onSubmit = vi.fn();
    render(
      <TaskForm form={form} store={store} locale="en" registry={registry} onSubmit={onSubmit} />,
    );
    expect(screen.queryByLabelText(/Guarantor name/)).toBeNull();

    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.getByLabelText(/Guarantor name/)).toBeTruthy();

    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.queryByLabelText(/Guarantor name/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(store.values()).toEqual({ hasGuarantor: false });
  });

  it('given the author view, when the box is ticked, then the field says when it is shown', async () => {
    const store = new FormStore(form, { registry });
    render(
      <TaskForm
        form={form}
        store={store}
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
        accessTest
      />,
    );
    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.getByTestId('field-visible-when').textContent).toBe(
      'Shown when hasGuarantor is “true”',
    );
  });
});
