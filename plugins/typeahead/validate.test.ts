import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { MAX_MATCHES, matchOptions } from './matchOptions';
import { typeaheadRestSourceOf } from './restSource';
import rules from './rules';
import { compileForm } from '../compiler';

function fieldOf(written: Record<string, unknown>): NormalizedField {
  const result = compileForm({
    key: 'pick',
    fields: [{ id: 'pick', name: 'Pick', type: 'typeahead', ...written }],
  });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error('not compiled');
  return field;
}

const branches = fieldOf({
  options: [
    { id: 'lis', name: 'Lisbon' },
    { id: 'mad', name: 'Madrid' },
    { id: 'sev', name: 'Sevilla (Écija)' },
  ],
});

describe('typeahead rules', () => {
  it('given written options, when a value is sanitised and validated, then only a choice passes', () => {
    expect(rules.sanitize('mad', branches)).toBe('mad');
    expect(rules.sanitize('', branches)).toBeNull();
    expect(rules.validate('mad', branches)).toEqual([]);
    expect(rules.validate('Madrid', branches)).toEqual([{ code: 'validation.enum', params: {} }]);
    expect(rules.sampleValue?.(branches, { today: '2026-11-24' })).toBe('lis');
  });

  it('given typed text, when matched, then labels starting with it come first, ignoring case and accents', () => {
    const options = [
      { value: 1, label: 'Old Madrid' },
      { value: 2, label: 'Madrid' },
      { value: 3, label: 'Écija' },
    ];
    expect(matchOptions(options, 'mad').map((option) => option.value)).toEqual([2, 1]);
    expect(matchOptions(options, 'ECI').map((option) => option.value)).toEqual([3]);
    expect(matchOptions(options, '  ')).toHaveLength(3);
    expect(matchOptions(options, 'zzz')).toEqual([]);
    const many = Array.from({ length: 80 }, (_, index) => ({ value: index, label: `B${index}` }));
    expect(matchOptions(many, 'b')).toHaveLength(MAX_MATCHES);
  });

  it('given a REST source, when read, then its settings come back; without an address there is none', () => {
    const lookup = fieldOf({
      restUrl: 'https://crm.example.com/customers',
      restIdProperty: 'id',
      restLabelProperty: 'name',
    });
    expect(typeaheadRestSourceOf(lookup)).toEqual({
      restUrl: 'https://crm.example.com/customers',
      restIdProperty: 'id',
      restLabelProperty: 'name',
    });
    expect(typeaheadRestSourceOf(branches)).toBeUndefined();
    const inParams = fieldOf({ params: { restUrl: 'https://crm.example.com/c' } });
    expect(typeaheadRestSourceOf(inParams)?.restUrl).toBe('https://crm.example.com/c');
  });
});
