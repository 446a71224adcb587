import { autorun } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { hiddenFieldIds } from '../../core/forms/visibility/evaluateVisibility';
import { FormStore, OWN_RULES_MAX_DEPTH } from './FormStore';
import { designerForm } from './runtimeTestKit';

const registry = createFieldRegistry();

const loanForm = designerForm([
  { id: 'amount', type: 'number', label: 'Amount', validation: { required: true, min: 0 } },
  { id: 'rate', type: 'number', label: 'Rate', defaultValue: 5 },
  { id: 'note', type: 'input', label: 'Note' },
  {
    id: 'interest',
    type: 'formula',
    label: 'Interest',
    config: { expression: 'amount * rate / 100' },
  },
  { id: 'total', type: 'formula', label: 'Total', config: { expression: 'amount + interest' } },
  { id: 'noteLength', type: 'formula', label: 'Note length', config: { expression: 'LEN(note)' } },
  {
    id: 'cap',
    type: 'error-messages',
    label: 'Cap',
    config: { kind: 'Error', message: 'Too much', condition: 'total <= 1000', blockIfFalse: true },
  },
]);

describe('FormStore', () => {
  it('given saved values, when it opens, then fields start from them, defaults or empty values', () => {
    const store = new FormStore(loanForm, { registry, initialValues: { amount: 200 } });
    expect(store.valueOf('amount')).toBe(200);
    expect(store.valueOf('rate')).toBe(5);
    expect(store.valueOf('note')).toBe('');
    expect(store.valueOf('interest')).toBe(10);
    expect(store.valueOf('total')).toBe(210);
    expect(store.dirty).toBe(false);
  });

  it('is dirty exactly while a value differs from the opening one', () => {
    const store = new FormStore(loanForm, { registry, initialValues: { amount: 200 } });
    store.setValue('note', 'hello');
    expect(store.dirty).toBe(true);
    store.setValue('note', '');
    expect(store.dirty).toBe(false);
    // Typed text that reads as the same number is no change.
    store.setValue('amount', '200');
    expect(store.dirty).toBe(false);
    store.setValue('amount', '1 200');
    expect(store.dirty).toBe(true);
  });

  it('given a save, then the saved values are the new unchanged state', () => {
    const store = new FormStore(loanForm, { registry });
    store.setValue('note', 'draft');
    store.markSaved();
    expect(store.dirty).toBe(false);
    store.setValue('note', 'draft 2');
    expect(store.dirty).toBe(true);
  });

  it('recomputes only the formulas that depend on the changed field, in order', async () => {
    const recalc = await import('../../core/forms/formula/recalculate');
    const spy = vi.spyOn(recalc, 'recalculate');
    const store = new FormStore(loanForm, { registry, initialValues: { amount: 100 } });
    spy.mockClear();
    store.setValue('amount', 300);
    const result = spy.mock.results[0]?.value as { recomputed: string[] };
    expect(result.recomputed).toEqual(['interest', 'total', 'cap']);
    expect(store.valueOf('total')).toBe(315);
    spy.mockClear();
    store.setValue('note', 'abc');
    expect((spy.mock.results[0]?.value as { recomputed: string[] }).recomputed).toEqual([
      'noteLength',
    ]);
    expect(store.valueOf('interest')).toBe(15);
    spy.mockRestore();
  });

  it('does not recompute anything for a field no formula reads', async () => {
    const form = designerForm([
      { id: 'a', type: 'number', label: 'A' },
      { id: 'b', type: 'input', label: 'B' },
      { id: 'double', type: 'formula', label: 'Double', config: { expression: 'a * 2' } },
    ]);
    const recalc = await import('../../core/forms/formula/recalculate');
    const spy = vi.spyOn(recalc, 'recalculate');
    const store = new FormStore(form, { registry });
    spy.mockClear();
    store.setValue('b', 'x');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('shows a field error only after a visit, then follows the value', () => {
    const store = new FormStore(loanForm, { registry });
    store.setValue('amount', -5);
    expect(store.errorsOf('amount')).toBeUndefined();
    store.touch('amount');
    expect(store.errorsOf('amount')?.map((e) => e.code)).toEqual(['validation.minimum']);
    store.setValue('amount', 5);
    expect(store.errorsOf('amount')).toBeUndefined();
  });

  it('refuses a submit with a missing required value and a blocking message', () => {
    const store = new FormStore(loanForm, { registry, initialValues: { amount: 5000 } });
    const onOutcome = vi.fn();
    const onInvalid = vi.fn();
    store.listen({ onOutcome, onInvalid });
    store.requestOutcome({ key: 'go', label: 'Go', type: 'DEFAULT' });
    expect(onOutcome).not.toHaveBeenCalled();
    expect(store.submitAttempts).toBe(1);
    expect(store.errorsOf('cap')?.map((e) => e.code)).toEqual(['validation.messageBlocks']);
    // Fixing the amount lifts the block at once.
    store.setValue('amount', 100);
    expect(store.errorsOf('cap')).toBeUndefined();
    store.requestOutcome({ key: 'go', label: 'Go', type: 'DEFAULT' });
    expect(onOutcome).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'submit',
        values: expect.objectContaining({ amount: 100, interest: 5, total: 105, cap: true }),
      }),
    );
  });

  it('saves a draft without validating', () => {
    const store = new FormStore(loanForm, { registry });
    const onOutcome = vi.fn();
    store.listen({ onOutcome, onInvalid: vi.fn() });
    store.requestOutcome({ key: 'save', label: 'Save', type: 'ONLY_FORM_SAVE' });
    expect(onOutcome).toHaveBeenCalledWith(expect.objectContaining({ mode: 'save' }));
    expect(store.submitAttempts).toBe(0);
  });
});

describe('FormStore with visibility conditions', () => {
  const guarantorForm = designerForm([
    { id: 'hasGuarantor', type: 'checkbox', label: 'Has a guarantor' },
    {
      id: 'guarantorName',
      type: 'input',
      label: 'Guarantor',
      validation: { required: true },
      visibleWhen: { field: 'hasGuarantor', op: 'equals', value: true },
    },
  ]);

  it('given a field shown only when a box is ticked, when the box changes, then its shown state follows and observers hear only real changes', () => {
    const store = new FormStore(guarantorForm, { registry });
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(store.isShown('guarantorName')));
    expect(store.isShown('hasGuarantor')).toBe(true);
    store.setValue('hasGuarantor', true);
    store.setValue('guarantorName', 'Ada');
    store.setValue('hasGuarantor', false);
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it('given the box unticked, when submitted, then the hidden required field neither blocks nor is sent', () => {
    const store = new FormStore(guarantorForm, {
      registry,
      initialValues: { hasGuarantor: false, guarantorName: 'Left over' },
    });
    expect(store.attemptSubmit()).toBe(true);
    expect(store.values()).toEqual({ hasGuarantor: false });
    store.setValue('hasGuarantor', true);
    store.setValue('guarantorName', '');
    expect(store.attemptSubmit()).toBe(false);
    expect(store.errorsOf('guarantorName')?.map((error) => error.code)).toEqual([
      'validation.required',
    ]);
  });

  // Rules reading rules, a loop of two, a reader of the loop and a chain deeper than the
  // depth judged field by field: the store's shown state must be the one-pass judgement's.
  function tangledForm(chain: number) {
    const shownWhenTicked = (field: string) => ({ field, op: 'equals', value: true });
    return designerForm([
      { id: 'a', type: 'checkbox', label: 'A' },
      { id: 'b', type: 'checkbox', label: 'B', visibleWhen: shownWhenTicked('a') },
      { id: 'c', type: 'checkbox', label: 'C', visibleWhen: shownWhenTicked('b') },
      { id: 'x', type: 'checkbox', label: 'X', visibleWhen: shownWhenTicked('y') },
      { id: 'y', type: 'checkbox', label: 'Y', visibleWhen: shownWhenTicked('x') },
      { id: 'z', type: 'checkbox', label: 'Z', visibleWhen: shownWhenTicked('x') },
      ...Array.from({ length: chain }, (_, index) => ({
        id: `k${index}`,
        type: 'checkbox',
        label: `K${index}`,
        visibleWhen: shownWhenTicked(index === 0 ? 'c' : `k${index - 1}`),
      })),
    ]);
  }

  it.each([3, OWN_RULES_MAX_DEPTH + 5])(
    'given rules in chains (%i deep) and in a loop, when every box is ticked and unticked in turn, then each shown state is the one-pass judgement of the values',
    (chain) => {
      const form = tangledForm(chain);
      const store = new FormStore(form, { registry });
      const ids = store.fieldIds();
      const seen: string[] = [];
      const stop = autorun(() => {
        seen.push(ids.filter((fieldId) => !store.isShown(fieldId)).join(','));
      });
      const check = () => {
        const values = Object.fromEntries(
          ids.map((fieldId) => [fieldId, store.peekValue(fieldId)]),
        );
        const hidden = hiddenFieldIds(
          form.sections.flatMap((section) => section.fields),
          values,
        );
        for (const fieldId of ids)
          expect(store.isShown(fieldId), fieldId).toBe(!hidden.has(fieldId));
        expect(seen.at(-1)).toBe(ids.filter((fieldId) => hidden.has(fieldId)).join(','));
      };
      check();
      for (const value of [true, false, true]) {
        for (const fieldId of ids) {
          store.setValue(fieldId, value);
          check();
        }
      }
      stop();
    },
  );
});
