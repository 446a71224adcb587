import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULA_FUNCTION_NAMES } from './formulaAst';
import { evaluateFormula } from './evaluateFormula';
import { isFormulaError, type FormulaValue } from './formulaValue';
import { parseFormula } from './parseFormula';

const names = ['a', 'b', 'c', 'constructor', '__proto__', 'toString'];

const expression: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...names, '0', '1', '-2.5', '"1 000"', '""', 'true', 'null', '"2025-02-28"'),
    fc
      .tuple(
        tie('expr'),
        fc.constantFrom('+', '-', '*', '/', '%', '<', '>=', '==', '!=', '&&', '||'),
        tie('expr'),
      )
      .map(([left, op, right]) => `(${left} ${op} ${right})`),
    fc.tuple(fc.constantFrom('-', '!', '+'), tie('expr')).map(([op, arg]) => `${op}${arg}`),
    fc
      .tuple(fc.constantFrom(...FORMULA_FUNCTION_NAMES), fc.array(tie('expr'), { maxLength: 4 }))
      .map(([name, args]) => `${name}(${args.join(', ')})`),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([t, c, e]) => `(${t} ? ${c} : ${e})`),
  ),
})).expr;

const isFormulaValue = (value: FormulaValue): boolean =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  isFormulaError(value) ||
  (Array.isArray(value) && value.every(isFormulaValue));

describe('the formula engine over any input', () => {
  it('given any text, when parsed, then it never throws and either parses or reports issues', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (source) => {
        const parsed = parseFormula(source);
        expect(parsed.ast === null).toBe(parsed.issues.length > 0);
      }),
      { numRuns: 500 },
    );
  });

  it('given any well-formed formula and any values, when evaluated, then a formula value comes back', () => {
    const scope = fc.dictionary(fc.constantFrom(...names), fc.jsonValue({ maxDepth: 1 }));
    fc.assert(
      fc.property(expression, scope, (source, values) => {
        const { ast } = parseFormula(source);
        if (!ast) return;
        expect(isFormulaValue(evaluateFormula(ast, values, { now: () => new Date(0) }))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
