import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import loanApplication from '../../../fixtures/forms/DSG-loan-application.json';
import plainEveryType from '../../../fixtures/forms/plain-every-type.json';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';
import { compiled, designerForm } from './runtimeTestKit';
import { TaskForm } from './TaskForm';

const registry = createFieldRegistry();

describe('TaskForm', () => {
  it('given a designer form, then it renders every section, label and required asterisk', () => {
    const form = compiled(loanApplication);
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Applicant' })).toBeTruthy();
    const firstName = screen.getByLabelText(/First name/);
    expect(firstName.tagName).toBe('INPUT');
    const label = document.querySelector(`label[for="${firstName.id}"]`);
    expect(label?.classList.contains('tf-label-required')).toBe(true);
    expect(firstName.getAttribute('aria-required')).toBe('true');
    const employer = screen.getByLabelText(/Employer/);
    const employerLabel = document.querySelector(`label[for="${employer.id}"]`);
    expect(employerLabel?.classList.contains('tf-label-required')).toBe(false);
  });

  it('renders in the chosen language', () => {
    const form = compiled(loanApplication);
    render(<TaskForm form={form} locale="es" registry={registry} onSubmit={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Solicitante' })).toBeTruthy();
    expect(screen.getByLabelText(/Nombre/)).toBeTruthy();
  });

  it('given typing, then dependent formulas follow and only after a visit errors show', async () => {
    const form = designerForm([
      { id: 'amount', type: 'number', label: 'Amount', validation: { max: 100 } },
      { id: 'double', type: 'formula', label: 'Double', config: { expression: 'amount * 2' } },
    ]);
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '1 000');
    expect((screen.getByLabelText('Double') as HTMLInputElement).value).toBe('2 000');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(amount);
    expect(screen.getByRole('alert').textContent).toBe('The value must be at most 100.');
    expect((amount as HTMLInputElement).value).toBe('1 000');
  });

  it('given a refused submit, then errors show, listed once in a summary rather than as an alert each, and the first required field is scrolled to', async () => {
    vi.useFakeTimers();
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.querySelector('input,select,textarea')?.id ?? '');
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    const onSubmit = vi.fn();
    const form = designerForm([
      { id: 'age', type: 'number', label: 'Age', defaultValue: -1, validation: { min: 0 } },
      { id: 'name', type: 'input', label: 'Name', validation: { required: true } },
    ]);
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const summary = screen.getByTestId('form-error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Age: The value must be at least 0.', 'Name: This field is required.']);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(
      [...document.querySelectorAll('.tf-errors:not([hidden])')].map((box) => box.textContent),
    ).toEqual(['The value must be at least 0.', 'This field is required.']);
    act(() => vi.advanceTimersByTime(100));
    expect(scrolled).toEqual([screen.getByLabelText(/Name/).id]);
    vi.useRealTimers();
  });

  it('given a valid form, then the outcome and sanitised values reach the page, and it is saved', async () => {
    const form = designerForm([{ id: 'amount', type: 'number', label: 'Amount' }]);
    const store = new FormStore(form, { registry });
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <TaskForm form={form} store={store} locale="en" registry={registry} onSubmit={onSubmit} />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '1 250.5');
    expect(store.dirty).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { key: 'complete', label: 'Complete', type: 'DEFAULT' },
      { amount: 1250.5 },
    );
    expect(store.dirty).toBe(false);
  });

  it('given a read-only form, then nothing is editable and there is no outcome bar', () => {
    const form = compiled(plainEveryType);
    render(<TaskForm form={form} locale="en" registry={registry} readOnly onSubmit={vi.fn()} />);
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('group', { name: 'Form actions' })).toBeNull();
  });

  it('shows a plain field of a type no plugin draws as a visible unsupported box', () => {
    const form = compiled({
      key: 'unknown-type',
      fields: [{ id: 'folder', name: 'Scanned folder', type: 'select-folder' }],
    });
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);
    const box = screen.getByText('Scanned folder').closest('.tf-unsupported') as HTMLElement;
    expect(within(box).getByText('select-folder')).toBeTruthy();
  });

  it('in access-test mode, shows field ids beside labels', () => {
    const form = designerForm([{ id: 'amount', type: 'number', label: 'Amount' }]);
    render(<TaskForm form={form} locale="en" registry={registry} accessTest onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Copy the field id: amount/ })).toBeTruthy();
    // One chip per field, none for the form itself.
    expect(screen.getAllByRole('button', { name: /Copy the field id/ })).toHaveLength(1);
  });
});
