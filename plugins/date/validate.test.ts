import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { dateBoundsOf, validateDate } from './validate';
import { compileForm } from '../compiler';

function fieldOf(written: Record<string, unknown>): NormalizedField {
  const result = compileForm({ key: 'on', fields: [{ id: 'on', name: 'On', ...written }] });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error('not compiled');
  return field;
}

const plain = fieldOf({ type: 'date' });
const masked = fieldOf({ type: 'date', params: { dateDisplayFormat: 'D-M-YYYY' } });

describe('date rules', () => {
  it('given a day typed day first that is no day, when validated, then the code names its kind', () => {
    expect(validateDate('31/02/2026', plain)).toEqual([
      { code: 'dashboard.dateError.invalidDate', params: {} },
    ]);
    expect(validateDate('01/13/2026', plain)).toEqual([
      { code: 'dashboard.dateError.invalidMonth', params: {} },
    ]);
    expect(validateDate('05/03', plain)).toEqual([
      { code: 'dashboard.dateError.invalidDateFormat', params: {} },
    ]);
    expect(validateDate('00/03/2026', plain)).toEqual([
      { code: 'dashboard.dateError.invalidDateFormat', params: {} },
    ]);
  });

  it('given a field with its author’s format, when its text is no day, then the one message of that field shows', () => {
    expect(validateDate('31-2-2026', masked)).toEqual([{ code: 'validation.date', params: {} }]);
  });

  it('given days up to 9999-12-31, when validated, then they pass, and the bound is the field’s upper limit', () => {
    expect(validateDate('2026-03-05', plain)).toEqual([]);
    expect(validateDate('9999-12-31', plain)).toEqual([]);
    expect(dateBoundsOf(plain)).toEqual({ max: '9999-12-31' });
    expect(dateBoundsOf(masked)).toEqual({});
    expect(validateDate(null, plain)).toEqual([]);
  });
});
