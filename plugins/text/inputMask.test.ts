import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { applyMask, caretAfterMask, fitsMask, maskExample, type InputMask } from './inputMask';
import rules from './rules';
import { validateFormValues } from '../compiler';

const ssn: InputMask = { mask: '000-00-0000', reversed: false };
const phone: InputMask = { mask: '(000) 000-0000', reversed: false };
const amount: InputMask = { mask: '#.##0,00', reversed: true };
const plate: InputMask = { mask: 'SS-AAA-09', reversed: false };

// An APS text field as its exports write one with a mask.
const apsText = (params: Record<string, unknown>, placeholder?: string) =>
  compiled({
    key: 'aps-mask',
    fields: [
      { id: 'ssn', name: 'SSN', type: 'text', params, ...(placeholder ? { placeholder } : {}) },
    ],
  }).sections[0]?.fields[0] as NormalizedField;

describe('applyMask', () => {
  it.each([
    [ssn, '1', '1'],
    [ssn, '1234', '123-4'],
    [ssn, '123456789', '123-45-6789'],
    [ssn, '123-45-6789', '123-45-6789'],
    [ssn, '1234567890', '123-45-6789'],
    [ssn, '12x3', '123'],
    [phone, '2125551234', '(212) 555-1234'],
    [phone, '(212', '(212'],
    [amount, '456', '4,56'],
    [amount, '123456', '1.234,56'],
    [amount, '123456789', '1.234.567,89'],
    [plate, 'ab1c2', 'ab-1c2'],
    [plate, 'a1', 'a'],
  ])('given %j and %j typed, when masked, then it reads %j', (mask, typed, shown) => {
    expect(applyMask(typed, mask).text).toBe(shown);
  });
});

describe('fitsMask', () => {
  it.each([
    [ssn, '123-45-6789', true],
    [ssn, '123456789', false],
    [ssn, '123-45-678', false],
    [ssn, '12a-45-6789', false],
    [ssn, '123-45-67890', false],
    [amount, '1.234,56', true],
    [amount, '4,56', true],
    [amount, '1234,56', false],
    [amount, '5', false],
    [{ mask: '099', reversed: false }, '1', true],
    [{ mask: '099', reversed: false }, '1234', false],
    [plate, 'AB-X1Y-0', true],
    [plate, 'AB-X1Y-01', true],
    [plate, 'A1-X1Y-0', false],
  ])('given the mask %j, when %j is checked, then it fits: %s', (mask, value, fits) => {
    expect(fitsMask(value, mask)).toBe(fits);
  });

  it('given a long value under a repeating mask, when checked, then the answer comes at once', () => {
    const started = performance.now();
    expect(
      fitsMask('1'.repeat(200_000), { mask: '#' + '.'.repeat(200) + '#', reversed: false }),
    ).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('maskExample', () => {
  it('given masks, when an example is made, then it fits and reads like the format', () => {
    expect(maskExample(ssn)).toBe('123-45-6789');
    expect(maskExample(amount)).toBe('1.234,56');
    expect(maskExample(plate)).toBe('AB-CDE-12');
  });
});

describe('caretAfterMask', () => {
  it('given a digit typed in the middle, when a mask character moves it, then the caret stays after that digit', () => {
    // "123-4|5" with 9 typed before the 5: "123-495" masks to "123-49-5".
    expect(caretAfterMask('123-495', 6, '123-49-5', false)).toBe(6);
    expect(caretAfterMask('1234', 4, '123-4', false)).toBe(5);
  });
});

describe('text rules with an APS input mask', () => {
  it('given a masked APS text field, when compiled, then the mask, its direction and its placeholder are kept', () => {
    const field = apsText(
      { inputMask: '000-00-0000', inputMaskPlaceholder: '___-__-____', inputMaskReversed: false },
      'Social security number',
    );
    expect(field.config).toMatchObject({ inputMask: '000-00-0000' });
    expect(field.config.inputMaskReversed).toBeUndefined();
    expect(field.placeholder).toBe('___-__-____');
    expect(
      apsText({ inputMask: '#.##0,00', inputMaskReversed: true }).config.inputMaskReversed,
    ).toBe(true);
  });

  it('given a masked field, when a value that does not fit is checked, then the format is named; one that fits passes as typed', () => {
    const field = apsText({ inputMask: '000-00-0000' });
    expect(rules.validate(rules.sanitize('123456789', field), field)).toEqual([
      { code: 'validation.mask', params: { example: '123-45-6789' } },
    ]);
    expect(rules.sanitize('123-45-6789', field)).toBe('123-45-6789');
    expect(rules.validate('123-45-6789', field)).toEqual([]);
  });

  it('given a save with a value that does not fit, when the form values are checked as the server checks them, then it is refused', () => {
    const field = apsText({ inputMask: '000-00-0000' });
    const errors = validateFormValues([field], { ssn: '123456789' });
    expect(errors.get('ssn')?.map((error) => error.code)).toEqual(['validation.mask']);
    expect(validateFormValues([field], { ssn: '123-45-6789' }).size).toBe(0);
  });

  it('given a masked field, when Autofill asks for a value, then it gets one that fits the mask', () => {
    const field = apsText({ inputMask: 'SS-0000' });
    const sample = rules.sampleValue?.(field, { today: '2026-01-01' });
    expect(sample).toBe('AB-1234');
    expect(rules.validate(sample ?? '', field)).toEqual([]);
  });
});
