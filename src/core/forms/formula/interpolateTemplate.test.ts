import { describe, expect, it } from 'vitest';
import { interpolateTemplate } from './interpolateTemplate';

describe('interpolateTemplate', () => {
  it('given field placeholders, when filled, then values replace them', () => {
    expect(
      interpolateTemplate('${fullName} asks for a ${ loanPurpose } loan of ${amount}', {
        fullName: 'Ana Ruiz',
        loanPurpose: 'car',
        amount: 12500,
      }),
    ).toBe('Ana Ruiz asks for a car loan of 12500');
  });

  it('given a missing or prototype-named field, when filled, then it is empty', () => {
    expect(interpolateTemplate('[${missing}][${constructor}]', {})).toBe('[][]');
  });

  it('given an expression that is not a bare id, when filled, then it is left as written', () => {
    expect(interpolateTemplate('${a.b} ${x + 1}', { a: 1, x: 1 })).toBe('${a.b} ${x + 1}');
  });

  it('given list and blank values, when filled, then they read as formulas write them', () => {
    expect(
      interpolateTemplate('${tags}|${blank}|${flag}', { tags: ['a', 2], blank: '  ', flag: true }),
    ).toBe('a, 2||true');
  });
});
