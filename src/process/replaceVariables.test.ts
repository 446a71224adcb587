import { describe, expect, it } from 'vitest';
import { replaceVariables } from './replaceVariables';

describe('replaceVariables', () => {
  it('fills in variables by name and by path', () => {
    expect(
      replaceVariables('Approve ${loanAmount} for ${ customer.name }', {
        loanAmount: 75000,
        customer: { name: 'Rivera' },
      }),
    ).toBe('Approve 75000 for Rivera');
  });

  it('keeps a placeholder without a value', () => {
    expect(replaceVariables('Call ${customerName}', {})).toBe('Call ${customerName}');
    expect(replaceVariables('Call ${a.b}', { a: null })).toBe('Call ${a.b}');
  });

  it('does not read inherited properties', () => {
    expect(replaceVariables('${constructor}', {})).toBe('${constructor}');
  });

  it('writes an object value as JSON and leaves what is not a path as written', () => {
    expect(replaceVariables('${customer} ${a + 1}', { customer: { id: 7 }, a: 1 })).toBe(
      '{"id":7} ${a + 1}',
    );
  });
});
