import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';
import { compiled, designerForm } from './runtimeTestKit';
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

describe('a task form with an APS group shown on a condition', () => {
  const apsForm = compiled({
    key: 'aps-group',
    fields: [
      { id: 'hasGuarantor', name: 'Has a guarantor', type: 'boolean' },
      {
        id: 'guarantorGroup',
        name: 'Guarantor details',
        type: 'group',
        visibilityCondition: {
          leftFormFieldId: 'hasGuarantor',
          operator: '==',
          rightValue: true,
          nextConditionOperator: '',
          nextCondition: null,
        },
        numberOfColumns: 2,
        fields: {
          '1': [{ id: 'guarantorName', name: 'Guarantor name', type: 'text', required: true }],
          '2': [{ id: 'guarantorIncome', name: 'Guarantor income', type: 'amount' }],
        },
      },
    ],
  });

  it('given the box unticked, when the form shows, then the group title and its fields are hidden until it is ticked', async () => {
    const onSubmit = vi.fn();
    render(<TaskForm form={apsForm} locale="en" registry={registry} onSubmit={onSubmit} />);
    expect(screen.queryByText('Guarantor details')).toBeNull();
    expect(screen.queryByLabelText(/Guarantor name/)).toBeNull();
    expect(screen.queryByLabelText(/Guarantor income/)).toBeNull();

    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.getByText('Guarantor details')).toBeTruthy();
    expect(screen.getByLabelText(/Guarantor name/)).toBeTruthy();
    expect(screen.getByLabelText(/Guarantor income/)).toBeTruthy();

    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.queryByText('Guarantor details')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('a task form with an APS tab shown on a condition', () => {
  const tabbedForm = compiled({
    key: 'aps-tabs',
    tabs: [
      { id: 'applicant', title: 'Applicant' },
      {
        id: 'guarantor',
        title: 'Guarantor',
        visibilityCondition: {
          leftFormFieldId: 'hasGuarantor',
          operator: '==',
          rightValue: true,
          nextConditionOperator: '',
          nextCondition: null,
        },
      },
    ],
    fields: [
      { id: 'hasGuarantor', name: 'Has a guarantor', type: 'boolean', tab: 'applicant' },
      { id: 'guarantorName', name: 'Guarantor name', type: 'text', tab: 'guarantor' },
    ],
  });

  it('given the box unticked, when the form shows, then the tab title is hidden with its fields until it is ticked', async () => {
    render(<TaskForm form={tabbedForm} locale="en" registry={registry} onSubmit={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Applicant' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Guarantor' })).toBeNull();
    expect(screen.queryByLabelText(/Guarantor name/)).toBeNull();

    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.getByRole('heading', { name: 'Guarantor' })).toBeTruthy();
    expect(screen.getByLabelText(/Guarantor name/)).toBeTruthy();

    await userEvent.click(screen.getByLabelText(/Has a guarantor/));
    expect(screen.queryByRole('heading', { name: 'Guarantor' })).toBeNull();
  });
});
