import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { CombinedTask, DesignerForm } from '../../../../schemas/forms';
import { validateDefinition } from './validateDefinition';

const published = (schema: object) =>
  new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);

const designer = (field: object, where: 'fields' | 'sections' = 'fields') =>
  where === 'fields'
    ? { id: 'DSG-v', name: 'V', fields: [field] }
    : { id: 'DSG-v', name: 'V', sections: [{ fields: [{ id: 'ok', type: 'input' }, field] }] };

const cases: Array<[string, object]> = [
  ['formula with config', { id: 'f', type: 'formula', config: { expression: 'a + 1' } }],
  ['formula without config', { id: 'f', type: 'formula' }],
  ['formula with an empty expression', { id: 'f', type: 'formula', config: { expression: '' } }],
  [
    'message with a wrong kind',
    { id: 'm', type: 'error-messages', config: { kind: 'Oops', message: 'x' } },
  ],
  ['number with a bad currency', { id: 'n', type: 'number', config: { currency: 'euro' } }],
  ['number without config', { id: 'n', type: 'number' }],
  ['unknown type with any config', { id: 'u', type: 'stars', config: { max: 5 } }],
  ['outcomes with none listed', { id: 'o', type: 'outcomes', config: { outcomes: [] } }],
];

describe('validateDefinition', () => {
  it.each(cases)(
    'given a designer field (%s), when validated, then the verdict matches the published schema',
    (_, field) => {
      for (const where of ['fields', 'sections'] as const) {
        const definition = designer(field, where);
        expect(validateDefinition('designer', definition).length === 0).toBe(
          published(DesignerForm)(definition) === true,
        );
      }
    },
  );

  it.each(cases)(
    'given an inline designer part (%s), when validated, then the verdict matches too',
    (_, field) => {
      const definition = { id: 'CUT-v', name: 'V', forms: [designer(field), { ref: 'DSG-other' }] };
      expect(validateDefinition('combined', definition).length === 0).toBe(
        published(CombinedTask)(definition) === true,
      );
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
});
