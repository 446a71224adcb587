import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFormValues } from '../../../server/forms/checkFormValues';
import { compileStoredForm } from '../../../server/forms/compileStoredForm';
import { FIELD_CATALOG } from '../../../plugins/catalog';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import { FormStore } from './FormStore';

// For every plugin in plugins/ that holds a value, the browser's validation (the form
// store a task page runs) and the server's completion check answer the same codes for
// the same fields and values, whatever those are.

const registry = createFieldRegistry();
const VALUE_TYPES = FIELD_CATALOG.types.filter((type) => {
  const rules = FIELD_CATALOG.get(type);
  return rules !== undefined && !rules.displayOnly;
});
const idOf = (type: string) => `f_${type.replaceAll('-', '_')}`;

const word = fc.constantFrom('a', 'b', 'loan', '42', '2024-02-30', '1 250.5', ' ', '');
const anyValue = fc.oneof(
  word,
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -5, max: 200 }),
  fc.double({ noNaN: true, min: -10, max: 10 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(word, fc.integer({ min: 0, max: 3 })), { maxLength: 3 }),
  // JSON objects, as a request body holds them.
  fc.dictionary(fc.constantFrom('id', 'lat', 'name'), fc.oneof(word, fc.integer()), {
    maxKeys: 2,
    noNullPrototype: true,
  }),
);

// A designer field of a type with rules a form author might write for it.
function fieldOf(type: string) {
  const rules = FIELD_CATALOG.rulesOf(type);
  return fc.record({
    id: fc.constant(idOf(type)),
    type: fc.constant(type),
    label: fc.constant(type),
    readOnly: fc.boolean().map((value) => value && type === 'text'),
    validation: fc.record(
      {
        required: fc.boolean(),
        ...(type === 'number' ? { min: fc.integer({ min: -5, max: 50 }) } : {}),
        ...(type === 'date' ? { max: fc.constantFrom('2030-12-31', '2000-01-01') } : {}),
        ...(['text', 'password', 'multiline'].includes(type)
          ? { maxLength: fc.integer({ min: 1, max: 6 }), pattern: fc.constantFrom('^[a-z]*$') }
          : {}),
      },
      { requiredKeys: ['required'] },
    ),
    ...(rules.hasOptions
      ? {
          options: fc
            .uniqueArray(fc.constantFrom('a', 'b', 'loan'), { maxLength: 3 })
            .map((list) => list.map((value) => ({ name: value, value }))),
        }
      : {}),
    ...(type === 'number'
      ? { config: fc.record({ numberKind: fc.constantFrom('integer', 'decimal', 'amount') }) }
      : type === 'formula'
        ? { config: fc.constant({ expression: 'f_number * 2' }) }
        : type === 'error-messages'
          ? {
              config: fc.record({
                kind: fc.constant('Error'),
                message: fc.constant('Too small'),
                condition: fc.constant('f_number > 3'),
                blockIfFalse: fc.boolean(),
              }),
            }
          : type === 'multiline'
            ? { config: fc.record({ maxLength: fc.integer({ min: 1, max: 8 }) }) }
            : {}),
  });
}

const scenario = fc.record({
  fields: fc.tuple(...VALUE_TYPES.map(fieldOf)),
  values: fc.tuple(...VALUE_TYPES.map(() => fc.option(anyValue, { nil: undefined }))),
});

type Codes = Record<string, string[]>;
const sorted = (codes: Codes) =>
  Object.fromEntries(Object.entries(codes).map(([id, list]) => [id, [...new Set(list)].sort()]));

describe('the browser and the server validate alike', () => {
  it('given any fields of every plugin and any values, then both answer the same codes', () => {
    expect(VALUE_TYPES.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    fc.assert(
      fc.property(scenario, ({ fields, values }) => {
        const definition = { id: 'DSG-parity', name: 'Parity', fields };
        const stored = { id: 'DSG-parity', kind: 'designer', version: 1, definition } as const;
        const { form, parts } = compileStoredForm(stored as never, new Map());
        const [part] = parts;
        if (!part) throw new Error('no part');
        const submitted: Record<string, unknown> = {};
        VALUE_TYPES.forEach((type, index) => {
          if (values[index] !== undefined) submitted[idOf(type)] = values[index];
        });
        // The browser: the task page's store, its values typed in, then a submit.
        const store = new FormStore(form, { registry, initialValues: submitted });
        const browser: Codes = {};
        for (const [id, errors] of store.validateAll()) {
          browser[id] = errors.map((error) => error.code);
        }
        // The server: the completion check of the same values.
        const result = checkFormValues({ part, mode: 'submit', submitted, stored: {} });
        const server: Codes = {};
        if (!result.ok) {
          for (const problem of result.problems) (server[problem.path] ??= []).push(problem.code);
        }
        expect(sorted(server)).toEqual(sorted(browser));
        for (const list of Object.values(server)) for (const code of list) seen.add(code);
      }),
      { numRuns: 150 },
    );
    // The runs reached the rules, not only empty forms.
    expect([...seen]).toEqual(
      expect.arrayContaining(['validation.required', 'validation.number', 'validation.enum']),
    );
  });
});
