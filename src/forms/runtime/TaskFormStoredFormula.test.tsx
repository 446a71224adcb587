import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';
import { designerForm } from './runtimeTestKit';
import { TaskForm } from './TaskForm';

const registry = createFieldRegistry();

// A customer's risk score as onboarding computes it, and the note a score of 40 or more
// raises. The stored 68 was computed from values that have since changed (or by an older
// expression): today's values make 15.
const form = designerForm([
  { id: 'politicallyExposed', type: 'boolean', label: 'Politically exposed' },
  { id: 'sourceOfFunds', type: 'input', label: 'Source of funds' },
  {
    id: 'riskScore',
    type: 'formula',
    label: 'Risk score',
    config: {
      expression: 'IF(politicallyExposed, 40, 0) + IF(LEN(sourceOfFunds) < 20, 15, 0)',
    },
  },
  {
    id: 'riskInfo',
    type: 'error-messages',
    label: 'Due diligence',
    config: {
      kind: 'Info',
      message: 'Enhanced due diligence applies.',
      condition: 'riskScore < 40',
    },
  },
]);
const stored = { politicallyExposed: false, sourceOfFunds: 'Salary', riskScore: 68 };

const riskScore = () => (screen.getByLabelText('Risk score') as HTMLInputElement).value;
const dueDiligence = () => screen.queryByText('Enhanced due diligence applies.');

describe('a formula field in a read-only form', () => {
  it('given a stored value the expression no longer gives, when shown read-only, then the stored value and what it implies show', () => {
    render(
      <TaskForm
        form={form}
        initialValues={stored}
        readOnly
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />,
    );

    expect(riskScore()).toBe('68');
    // The message rule reads the score the record holds, as the list and export do.
    expect(dueDiligence()).not.toBeNull();
  });

  it('given the same values in an editable task, when shown, then the formula recalculates and follows typing', async () => {
    render(
      <TaskForm
        form={form}
        initialValues={stored}
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />,
    );

    expect(riskScore()).toBe('15');
    expect(dueDiligence()).toBeNull();
    await userEvent.type(screen.getByLabelText('Source of funds'), ' from twenty years of work');
    expect(riskScore()).toBe('0');
  });

  it('given a read-only form without a stored value, when shown, then the field is empty rather than computed', () => {
    render(
      <TaskForm
        form={form}
        initialValues={{ politicallyExposed: true, sourceOfFunds: 'Salary' }}
        readOnly
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />,
    );

    expect(riskScore()).toBe('');
  });

  it('given a task page store, when the task turns editable and back, then the formula recalculates and then shows the stored value again', () => {
    const store = new FormStore(form, { registry, initialValues: stored });
    const page = (readOnly: boolean) => (
      <TaskForm
        form={form}
        store={store}
        readOnly={readOnly}
        locale="en"
        registry={registry}
        onSubmit={vi.fn()}
      />
    );
    const { rerender } = render(page(true));
    expect(riskScore()).toBe('68');

    rerender(page(false));
    expect(riskScore()).toBe('15');
    expect(store.values().riskScore).toBe(15);

    rerender(page(true));
    expect(riskScore()).toBe('68');
    expect(dueDiligence()).not.toBeNull();
  });
});
