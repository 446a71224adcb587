import { describe, expect, it } from 'vitest';
import { EMPTY_VALUE_MARK, interpolateTemplate } from './interpolateTemplate';

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

  it('given a message whose values are missing or blank, when filled with the empty mark, then each shows a dash and no gap is left', () => {
    expect(
      interpolateTemplate(
        'Loan of ${loanAmount} for ${firstName} ${lastName}',
        { firstName: '  ', lastName: 'Ruiz' },
        { empty: EMPTY_VALUE_MARK },
      ),
    ).toBe('Loan of — for — Ruiz');
  });

  it('given a URL template with a missing value, when filled without a mark, then the part is empty', () => {
    expect(interpolateTemplate('https://x.test/${id}', {})).toBe('https://x.test/');
  });
});
