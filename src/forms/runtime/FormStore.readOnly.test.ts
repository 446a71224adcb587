import { describe, expect, it } from 'vitest';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';
import { designerForm } from './runtimeTestKit';

const registry = createFieldRegistry();
const form = designerForm([
  { id: 'amount', type: 'number', label: 'Amount' },
  { id: 'fee', type: 'formula', label: 'Fee', config: { expression: 'amount / 10' } },
  {
    id: 'feeNote',
    type: 'error-messages',
    label: 'Fee note',
    config: { kind: 'Info', message: 'A high fee.', condition: 'fee < 50' },
  },
]);

describe('FormStore in read-only mode', () => {
  it('given a stored formula value, when opened read-only, then it keeps it and conditions read it', () => {
    const store = new FormStore(form, {
      registry,
      readOnly: true,
      initialValues: { amount: 100, fee: 75 },
    });

    expect(store.peekValue('fee')).toBe(75);
    expect(store.peekValue('feeNote')).toBe(false);
  });

  it('given a read-only store, when a value is set, then the formula still holds its stored value', () => {
    const store = new FormStore(form, {
      registry,
      readOnly: true,
      initialValues: { amount: 100, fee: 75 },
    });

    store.setValue('amount', 300);

    expect(store.peekValue('fee')).toBe(75);
  });

  it('given an editable store that saved a new value, when it turns read-only, then it shows what was saved', () => {
    const store = new FormStore(form, { registry, initialValues: { amount: 100, fee: 75 } });
    expect(store.peekValue('fee')).toBe(10);
    expect(store.peekValue('feeNote')).toBe(true);

    store.setValue('amount', 900);
    store.markSaved();
    store.setValue('amount', 200);
    store.setReadOnly(true);

    expect(store.peekValue('fee')).toBe(90);
    expect(store.peekValue('feeNote')).toBe(false);
    store.setReadOnly(false);
    expect(store.peekValue('fee')).toBe(20);
  });
});
