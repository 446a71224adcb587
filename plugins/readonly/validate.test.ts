import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { describeSourceValue } from './describeSourceValue';
import rules from './rules';
import { readonlySourceOf, servedValueId } from './source';
import { compileForm } from '../compiler';

const t = (key: string) => ({ 'fields.boolean.yes': 'Yes', 'fields.boolean.no': 'No' })[key] ?? key;

function fieldOf(written: Record<string, unknown>): NormalizedField {
  const result = compileForm({
    key: 'shown',
    fields: [{ id: 'shown', name: 'Shown', ...written }],
  });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error('not compiled');
  return field;
}

describe('readonly (APS display value) rules', () => {
  it('given params.field, when the source is read, then it names that variable, its type and its choices', () => {
    const field = fieldOf({
      type: 'readonly',
      params: {
        field: {
          id: 'riskBand',
          name: 'Risk band',
          type: 'dropdown',
          options: [
            { id: 'A', name: 'Low' },
            { id: 'B', name: 'Medium' },
          ],
        },
      },
    });
    expect(readonlySourceOf(field)).toEqual({
      id: 'riskBand',
      type: 'dropdown',
      options: [
        { value: 'A', label: 'Low' },
        { value: 'B', label: 'Medium' },
      ],
    });
    expect(servedValueId(field)).toBe('riskBand');
  });

  it('given no params.field, when the source is read, then it is the field’s own id', () => {
    const field = fieldOf({ type: 'readonly' });
    expect(readonlySourceOf(field)).toEqual({ id: 'shown', options: [] });
    expect(servedValueId(fieldOf({ type: 'text' }))).toBe('shown');
  });

  it('given any value, when sanitised, then nothing is kept: a display value is never saved', () => {
    const field = fieldOf({ type: 'readonly' });
    expect(rules.displayOnly).toBe(true);
    expect(rules.sanitize('typed by someone', field)).toBeNull();
    expect(rules.validate(null, field)).toEqual([]);
  });

  it('given values of each source type, when described, then they read as a person expects', () => {
    const options = [{ value: 'A', label: 'Low' }];
    expect(describeSourceValue('A', 'dropdown', options, 'en', t)).toBe('Low');
    expect(describeSourceValue(1250000.5, 'amount', [], 'en', t)).toBe('1 250 000.50');
    expect(describeSourceValue('4300', 'integer', [], 'fr', t)).toBe('4 300');
    expect(describeSourceValue(4.5, 'decimal', [], 'es', t)).toBe('4,5');
    expect(describeSourceValue('2026-03-05T00:00:00Z', 'date', [], 'en', t)).toBe('05 Mar 2026');
    expect(describeSourceValue('2026-03-05T14:30:00Z', 'datetime', [], 'en', t)).toBe(
      '05 Mar 2026 14:30',
    );
    expect(describeSourceValue(true, 'boolean', [], 'en', t)).toBe('Yes');
    expect(
      describeSourceValue({ firstName: 'Ada', lastName: 'Lovelace' }, 'people', [], 'en', t),
    ).toBe('Ada Lovelace');
    expect(describeSourceValue(['A', 'Z'], 'dropdown', options, 'en', t)).toBe('Low, Z');
    expect(describeSourceValue(null, 'text', [], 'en', t)).toBe('');
    expect(describeSourceValue('plain words', undefined, [], 'en', t)).toBe('plain words');
  });
});
