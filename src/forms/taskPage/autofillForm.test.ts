import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../schemas/forms';
import { bindDictionaryOptions, dictionarySet } from '../../core/forms/fields/dictionaries';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from '../runtime/FormStore';
import { compiled, designerForm, type TestField } from '../runtime/runtimeTestKit';
import { autofillForm, localToday } from './autofillForm';

const registry = createFieldRegistry();
const context = { today: '2026-03-15' };

const choices = [
  { name: 'Choose one', value: '' },
  { name: 'Employed', value: 'employed' },
  { name: 'Retired', value: 'retired' },
];

/** One field of every core type that holds a typed value, with rules its sample must meet. */
const everyCoreType: readonly TestField[] = [
  { id: 'firstName', type: 'input', label: 'First name', validation: { maxLength: 3 } },
  { id: 'reference', type: 'input', label: 'Ref', validation: { pattern: '^REF-[A-Z]{2}\\d{4}$' } },
  {
    id: 'customerId',
    type: 'input',
    label: 'Customer',
    placeholder: 'CUS-000000',
    validation: { required: true, pattern: '^CUS-[0-9]{6}$' },
  },
  { id: 'code', type: 'input', label: 'Code', validation: { minLength: 20 } },
  { id: 'amount', type: 'number', label: 'Amount', config: { numberKind: 'amount' } },
  {
    id: 'term',
    type: 'number',
    label: 'Term',
    validation: { min: 6, max: 10 },
    config: { numberKind: 'integer' },
  },
  {
    id: 'rate',
    type: 'number',
    label: 'Rate',
    validation: { min: 2.345, max: 2.349 },
    config: { numberKind: 'decimal', decimals: 3 },
  },
  { id: 'birth', type: 'date', label: 'Birth', validation: { max: '2007-12-31' } },
  { id: 'start', type: 'date', label: 'Start', validation: { min: '2030-01-01' } },
  { id: 'visit', type: 'date', label: 'Visit' },
  { id: 'product', type: 'dropdown', label: 'Product', options: choices },
  { id: 'status', type: 'radio', label: 'Status', options: choices },
  { id: 'collateral', type: 'checkbox', label: 'Collateral', options: choices },
  { id: 'agree', type: 'checkbox', label: 'Agree', validation: { required: true } },
  { id: 'consent', type: 'boolean', label: 'Consent', validation: { required: true } },
  { id: 'purpose', type: 'multiline', label: 'Purpose', config: { maxLength: 12 } },
];

function fieldOf(store: FormStore, id: string): NormalizedField {
  const field = store.fieldOf(id);
  if (!field) throw new Error(`no field ${id}`);
  return field;
}

describe('sample values of the core plugins', () => {
  const store = new FormStore(designerForm(everyCoreType), { registry });

  it.each(everyCoreType.map((field) => field.id))(
    'given the field %s, its sample passes its plugin and the form',
    (id) => {
      const field = fieldOf(store, id);
      const plugin = registry.resolve(field.type);
      const sample = plugin.sampleValue?.(field, context);
      expect(sample).toBeDefined();
      const value = plugin.sanitize(sample, field);
      expect(plugin.isEmpty(value)).toBe(false);
      expect(plugin.validate(value, field)).toEqual([]);
      expect(store.validator.validateField(id, sample)).toEqual([]);
    },
  );

  it('given the rules, the samples are the plausible ones', () => {
    const sample = (id: string) => {
      const field = fieldOf(store, id);
      return registry.resolve(field.type).sampleValue?.(field, context);
    };
    expect(sample('firstName')).toBe('Ale');
    expect(sample('reference')).toBe('REF-AA0000');
    expect(sample('customerId')).toBe('CUS-000000');
    expect(sample('amount')).toBe(25000);
    expect(sample('term')).toBe(10);
    expect(sample('rate')).toBe(2.345);
    expect(sample('birth')).toBe('2007-12-31');
    expect(sample('start')).toBe('2030-01-01');
    expect(sample('visit')).toBe('2026-03-15');
    expect(sample('product')).toBe('employed');
    expect(sample('collateral')).toEqual(['employed']);
    expect(sample('agree')).toBe(true);
    expect(sample('purpose')).toBe('Filled in au');
  });

  it('given an optional switch or a range without a whole number, there is no sample', () => {
    const form = designerForm([
      { id: 'extra', type: 'boolean', label: 'Extra' },
      {
        id: 'narrow',
        type: 'number',
        label: 'Narrow',
        validation: { min: 1.2, max: 1.8 },
        config: { numberKind: 'integer' },
      },
      { id: 'headline', type: 'headline', label: 'Heading' },
      { id: 'total', type: 'formula', label: 'Total', config: { expression: '1 + 1' } },
    ]);
    const narrowStore = new FormStore(form, { registry });
    for (const id of ['extra', 'narrow']) {
      const field = fieldOf(narrowStore, id);
      expect(registry.resolve(field.type).sampleValue?.(field, context)).toBeUndefined();
    }
    for (const id of ['headline', 'total']) {
      expect(registry.resolve(fieldOf(narrowStore, id).type).sampleValue).toBeUndefined();
    }
  });
});

describe('autofillForm', () => {
  const loanForm = designerForm([
    { id: 'name', type: 'input', label: 'Name', validation: { required: true } },
    { id: 'note', type: 'input', label: 'Note' },
    { id: 'amount', type: 'number', label: 'Amount', validation: { required: true, min: 0 } },
    { id: 'rate', type: 'number', label: 'Rate', defaultValue: 5 },
    {
      id: 'interest',
      type: 'formula',
      label: 'Interest',
      config: { expression: 'amount * rate / 100' },
    },
    { id: 'branch', type: 'input', label: 'Branch', readOnly: true },
    { id: 'consent', type: 'boolean', label: 'Consent', validation: { required: true } },
  ]);

  it('given a typed value, a default and empties, it fills only the empties and reports them', () => {
    const store = new FormStore(loanForm, { registry, initialValues: { note: 'Call first' } });
    store.setValue('name', 'Jane Typed');

    const report = autofillForm(store, registry, context);

    expect(report).toEqual({ filled: ['amount', 'consent'], skipped: [], complete: true });
    expect(store.peekValue('name')).toBe('Jane Typed');
    expect(store.peekValue('note')).toBe('Call first');
    expect(store.peekValue('rate')).toBe(5);
    expect(store.peekValue('branch')).toBe('');
    expect(store.peekValue('interest')).toBe(0.075);
    expect(store.dirty).toBe(true);
  });

  it('given a required text whose pattern has no simple sample, it skips it and is not complete', () => {
    const form = designerForm([
      {
        id: 'iban',
        type: 'input',
        label: 'IBAN',
        validation: { required: true, pattern: '^(DE|FR)[0-9]{20}$' },
      },
      { id: 'city', type: 'input', label: 'City' },
    ]);
    const store = new FormStore(form, { registry });

    const report = autofillForm(store, registry, context);

    expect(report).toEqual({ filled: ['city'], skipped: ['iban'], complete: false });
    expect(store.peekValue('iban')).toBe('');
    expect(store.peekValue('city')).toBe('Lisbon');
  });

  it('given the demo loan application, it leaves a form that a submit accepts', () => {
    const definition: unknown = JSON.parse(
      readFileSync('fixtures/forms/DSG-loan-application.json', 'utf8'),
    );
    // Its product list names the tenant's loan products, bound as the task page binds it.
    const products = {
      name: 'loanProducts',
      label: { en: 'Loan products', es: 'Productos de préstamo', fr: 'Produits de prêt' },
      entries: [
        {
          code: 'mortgage',
          label: { en: 'Mortgage', es: 'Hipoteca', fr: 'Prêt immobilier' },
          order: 10,
          active: true,
        },
      ],
    };
    const form = bindDictionaryOptions(compiled(definition), dictionarySet([products]));
    const store = new FormStore(form, { registry });

    const report = autofillForm(store, registry, context);

    expect(report.complete).toBe(true);
    expect(store.peekValue('loanProduct')).toBe('mortgage');
    expect(report.filled).toEqual(
      expect.arrayContaining(['firstName', 'customerId', 'loanAmount']),
    );
    expect(store.attemptSubmit()).toBe(true);
  });

  it('gives the local day as YYYY-MM-DD', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
