import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../schemas/forms';
import { fieldAria } from './fieldAria';

const field = (required: boolean) => ({ id: 'f', type: 'text', required }) as NormalizedField;

describe('fieldAria', () => {
  it('given a required field showing an error, then the control is invalid, required and described by the error box', () => {
    expect(fieldAria({ field: field(true), invalid: true, errorId: 'f__error' })).toEqual({
      'aria-invalid': true,
      'aria-required': true,
      'aria-describedby': 'f__error',
    });
  });

  it('given an optional field without an error, then no attribute is set, not even an empty description', () => {
    expect(fieldAria({ field: field(false), invalid: false })).toEqual({
      'aria-invalid': undefined,
      'aria-required': undefined,
      'aria-describedby': undefined,
    });
  });

  it('given other ids, then the description names the error box first and skips ids that are not there', () => {
    const props = { field: field(false), invalid: true, errorId: 'f__error' };
    expect(fieldAria(props, 'f__counter')['aria-describedby']).toBe('f__error f__counter');
    expect(fieldAria({ ...props, errorId: undefined }, false, 'f__counter')).toMatchObject({
      'aria-describedby': 'f__counter',
    });
  });
});
