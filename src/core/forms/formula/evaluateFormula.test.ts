import { describe, expect, it } from 'vitest';
import { evaluateFormula } from './evaluateFormula';
import { isFormulaError, type FormulaValue } from './formulaValue';
import { parseFormula } from './parseFormula';

const now = () => new Date(2025, 2, 14, 10, 30);

function run(source: string, values: Record<string, unknown> = {}): FormulaValue {
  const { ast, issues } = parseFormula(source);
  if (!ast) throw new Error(`test formula did not parse: ${JSON.stringify(issues)}`);
  return evaluateFormula(ast, values, { now });
}

const errorCode = (value: FormulaValue) => (isFormulaError(value) ? value.code : undefined);

describe('evaluateFormula', () => {
  it('given arithmetic with precedence and parentheses, when evaluated, then it follows the rules', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('10 % 4 - -2')).toBe(4);
    expect(run('7 / 2')).toBe(3.5);
  });

  it('given numeric strings with space separators, when used as numbers, then they compute', () => {
    expect(run('amount * 2', { amount: '1 250 000' })).toBe(2_500_000);
    expect(run('amount + 1', { amount: '12 500.50' })).toBe(12_501.5);
    expect(run('amount == 1000', { amount: '1 000' })).toBe(true);
  });

  it('given an empty input, when used in arithmetic, then the result is empty rather than an error', () => {
    expect(run('amount * rate', { amount: 1000 })).toBeNull();
    expect(run('amount * rate', { amount: 1000, rate: '' })).toBeNull();
    expect(run('amount > 5', {})).toBeNull();
  });

  it('given text that is not a number, when used in arithmetic, then it is a notANumber error', () => {
    expect(errorCode(run('amount * 2', { amount: 'lots' }))).toBe('formula.notANumber');
  });

  it('given a division by zero, when evaluated, then it is an error value, not Infinity', () => {
    expect(errorCode(run('1 / 0'))).toBe('formula.divisionByZero');
    expect(errorCode(run('5 % zero', { zero: 0 }))).toBe('formula.divisionByZero');
  });

  it('given + with text, when evaluated, then it joins', () => {
    expect(run('"Loan " + ref', { ref: 'L-42' })).toBe('Loan L-42');
  });

  it('given comparisons and logic, when evaluated, then booleans come back', () => {
    expect(run('dti <= 0.45', { dti: 0.3 })).toBe(true);
    expect(run('dti <= 0.45', { dti: 0.5 })).toBe(false);
    expect(run('start < end', { start: '2025-01-01', end: '2025-02-01' })).toBe(true);
    expect(run('a && b || !c', { a: true, b: false, c: false })).toBe(true);
    expect(run('x != "no"', { x: 'yes' })).toBe(true);
    expect(errorCode(run('flag < 3', { flag: true }))).toBe('formula.typeMismatch');
  });

  it('given a ternary, when evaluated, then only the chosen branch counts', () => {
    expect(run('n == 0 ? 0 : total / n', { n: 0, total: 5 })).toBe(0);
    expect(run('n > 0 ? "yes" : "no"', { n: 2 })).toBe('yes');
  });

  it('given aggregate functions, when evaluated, then they skip empty values', () => {
    expect(run('SUM(a, b, c)', { a: 1, b: '2', c: null })).toBe(3);
    expect(run('SUM(items)', { items: ['1', 2, 3] })).toBe(6);
    expect(run('MIN(a, b)', { a: 4, b: 2 })).toBe(2);
    expect(run('MAX(a, b)', { a: 4, b: 2 })).toBe(4);
    expect(run('AVG(a, b, c)', { a: 1, b: 2, c: '' })).toBe(1.5);
    expect(run('MAX(a)', {})).toBeNull();
  });

  it('given rounding functions, when evaluated, then halves go away from zero on decimal text', () => {
    expect(run('ROUND(1.005, 2)')).toBe(1.01);
    expect(run('ROUND(-2.5)')).toBe(-3);
    expect(run('ROUND(1234.5678, -2)')).toBe(1200);
    expect(run('FLOOR(2.7) + CEIL(2.1) + ABS(-4)')).toBe(9);
    expect(errorCode(run('ROUND(1, 0.5)'))).toBe('formula.invalidArgument');
  });

  it('given IF, AND, OR and NOT, when evaluated, then they short-circuit', () => {
    expect(run('IF(n = 0, 0, 1)'.replace('=', '=='), { n: 0 })).toBe(0);
    expect(run('IF(n == 0, 0, total / n)', { n: 0, total: 3 })).toBe(0);
    expect(run('IF(flag, "a")', { flag: false })).toBeNull();
    expect(run('AND(a, b)', { a: true, b: 1 })).toBe(true);
    expect(run('OR(a, 1 / 0)', { a: true })).toBe(true);
    expect(run('NOT(a)', { a: '' })).toBe(true);
  });

  it('given text functions, when evaluated, then they treat empty as empty text', () => {
    expect(run('CONCAT(first, " ", last)', { first: 'Ana', last: null })).toBe('Ana ');
    expect(run('LEN(name)', { name: 'Zoë' })).toBe(3);
    expect(run('UPPER(a) + LOWER(b)', { a: 'ab', b: 'CD' })).toBe('ABcd');
    expect(run('COALESCE(a, b, "none")', { a: '', b: null })).toBe('none');
  });

  it('given dates, when DATEDIFF and TODAY are used, then whole days come back', () => {
    expect(run('DATEDIFF(a, b)', { a: '2024-02-28', b: '2024-03-01' })).toBe(2);
    expect(run('DATEDIFF(a, TODAY())', { a: '2025-03-01' })).toBe(13);
    expect(run('TODAY()')).toBe('2025-03-14');
    expect(errorCode(run('DATEDIFF(a, b)', { a: '2025-02-30', b: '2025-03-01' }))).toBe(
      'formula.invalidDate',
    );
  });

  it('given a loan, when PMT is evaluated, then the level monthly instalment comes back', () => {
    // 250 000 over 30 years at 6 % a year: the textbook 1 498.88.
    expect(run('ROUND(PMT(0.06 / 12, 360, 250000), 2)')).toBe(1498.88);
    expect(run('PMT(0, 10, 1000)')).toBe(100);
    expect(run('PMT(r, n, p)', { r: 0.01, n: 12 })).toBeNull();
    expect(errorCode(run('PMT(0.01, 0, 1000)'))).toBe('formula.invalidArgument');
  });

  it('given prototype names as fields, when evaluated, then only own values are read', () => {
    expect(run('constructor', {})).toBeNull();
    expect(run('__proto__', {})).toBeNull();
    expect(run('toString', { toString: 'own' })).toBe('own');
  });

  it('given an object value, when read, then it is an unsupportedValue error', () => {
    expect(errorCode(run('gps + 1', { gps: { latitude: 1 } }))).toBe('formula.unsupportedValue');
  });

  it('given a lookup function as scope, when evaluated, then it is used for references', () => {
    const { ast } = parseFormula('a + 1');
    expect(ast && evaluateFormula(ast, (id) => (id === 'a' ? 41 : undefined))).toBe(42);
  });

  it('given an overflowing result, when evaluated, then it is an error value', () => {
    expect(errorCode(run('a * a', { a: 1e200 }))).toBe('formula.notFinite');
  });
});
