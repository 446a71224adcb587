import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluateCondition';
import { isFormulaError } from './formulaValue';
import { parseFormula } from './parseFormula';

const ast = (source: string) => {
  const parsed = parseFormula(source).ast;
  if (!parsed) throw new Error('test formula did not parse');
  return parsed;
};

describe('evaluateCondition', () => {
  it('given a debt-to-income rule, when the ratio is within it, then the condition holds', () => {
    expect(evaluateCondition(ast('dti <= 0.45'), { dti: 0.32 })).toBe(true);
    expect(evaluateCondition(ast('dti <= 0.45'), { dti: 0.52 })).toBe(false);
  });

  it('given an input still empty, when evaluated, then the answer is null so it cannot block', () => {
    expect(evaluateCondition(ast('dti <= 0.45'), {})).toBeNull();
  });

  it('given a non-boolean result, when evaluated, then its truth is used', () => {
    expect(evaluateCondition(ast('LEN(name)'), { name: 'Ana' })).toBe(true);
  });

  it('given a failing rule, when evaluated, then the error value is passed on', () => {
    expect(isFormulaError(evaluateCondition(ast('1 / zero > 1'), { zero: 0 }))).toBe(true);
  });
});
