import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../../plugins/compiler';

const designer = (field: object, where: 'fields' | 'sections' = 'fields') =>
  where === 'fields'
    ? { id: 'DSG-v', name: 'V', fields: [field] }
    : { id: 'DSG-v', name: 'V', sections: [{ fields: [{ id: 'ok', type: 'input' }, field] }] };

// Each case: a designer field and whether its type's plugin accepts its config.
const cases: Array<[string, object, boolean]> = [
  ['formula with config', { id: 'f', type: 'formula', config: { expression: 'a + 1' } }, true],
  ['formula without config', { id: 'f', type: 'formula' }, false],
  [
    'formula with an empty expression',
    { id: 'f', type: 'formula', config: { expression: '' } },
    false,
  ],
  [
    'message with a wrong kind',
    { id: 'm', type: 'error-messages', config: { kind: 'Oops', message: 'x' } },
    false,
  ],
  ['number with a bad currency', { id: 'n', type: 'number', config: { currency: 'euro' } }, false],
  ['number without config', { id: 'n', type: 'number' }, true],
  ['unknown type with any config', { id: 'u', type: 'stars', config: { max: 5 } }, true],
  ['outcomes with none listed', { id: 'o', type: 'outcomes', config: { outcomes: [] } }, false],
];

describe('validateDefinition', () => {
  it.each(cases)(
    'given a designer field (%s), when validated, then its plugin decides the config',
    (_, field, valid) => {
      for (const where of ['fields', 'sections'] as const) {
        expect(validateDefinition('designer', designer(field, where)).length === 0).toBe(valid);
      }
    },
  );

  it.each(cases)(
    'given an inline designer part (%s), when validated, then the verdict is the same',
    (_, field, valid) => {
      const definition = { id: 'CUT-v', name: 'V', forms: [designer(field), { ref: 'DSG-other' }] };
      expect(validateDefinition('combined', definition).length === 0).toBe(valid);
    },
  );

  it('given a broken config, when validated, then the error points into the config', () => {
    expect(validateDefinition('designer', designer(cases[3]?.[1] ?? {}))).toEqual([
      {
        code: 'schema.enum',
        path: '/fields/0/config/kind',
        params: { allowedValues: ['Error', 'Alert', 'Info', 'None', 'Success'] },
      },
    ]);
  });

  it('given a missing config its type requires, when validated, then the field is named', () => {
    const definition = designer(cases[1]?.[1] ?? {}, 'sections');
    expect(validateDefinition('designer', definition)).toEqual([
      {
        code: 'schema.required',
        path: '/sections/0/fields/1',
        params: { missingProperty: 'config' },
      },
    ]);
  });
});
