import { describe, expect, it } from 'vitest';
import { parseFormula } from './parseFormula';

const codes = (source: string) => parseFormula(source).issues.map((issue) => issue.code);

describe('parseFormula', () => {
  it('given arithmetic over fields, when parsed, then the tree and references come back', () => {
    const parsed = parseFormula('(loanAmount + fees) * rate / 12');
    expect(parsed.issues).toEqual([]);
    expect(parsed.references).toEqual(['loanAmount', 'fees', 'rate']);
    expect(parsed.ast).toMatchObject({ kind: 'binary', operator: '/' });
  });

  it('given every allowed construct, when parsed, then there is no issue', () => {
    const source =
      'IF(a >= 1 && !(b < 2) || c == "x", ROUND(PMT(r / 12, n, p), 2), -d % 3) + (e ? 1 : 0)';
    expect(codes(source)).toEqual([]);
  });

  it('given a lower-case function name, when parsed, then it resolves to the allowed function', () => {
    const parsed = parseFormula('sum(a, b)');
    expect(parsed.issues).toEqual([]);
    expect(parsed.ast).toMatchObject({ kind: 'call', name: 'SUM' });
    expect(parsed.references).toEqual(['a', 'b']);
  });

  it('given member access, when parsed, then it is forbidden', () => {
    expect(codes('a.b')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('a["b"]')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('loan.constructor.constructor("alert(1)")()')).toContain(
      'formula.forbiddenSyntax',
    );
    expect(parseFormula('a.b').ast).toBeNull();
  });

  it('given this, arrays, sequences or bitwise operators, when parsed, then they are forbidden', () => {
    expect(codes('this')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('[1, 2]')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('(a, b)')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('a | b')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('~a')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('a ** 2')).toEqual(['formula.forbiddenSyntax']);
  });

  it('given constructor or __proto__ as names, when parsed, then they are only field references', () => {
    const parsed = parseFormula('constructor + __proto__');
    expect(parsed.issues).toEqual([]);
    expect(parsed.references).toEqual(['constructor', '__proto__']);
  });

  it('given an unknown function or a computed callee, when parsed, then it is refused', () => {
    expect(parseFormula('EVAL("1")').issues).toEqual([
      { code: 'formula.unknownFunction', params: { name: 'EVAL' } },
    ]);
    expect(codes('fetch(a)')).toEqual(['formula.unknownFunction']);
    expect(codes('Math.max(1, 2)')).toEqual(['formula.forbiddenSyntax']);
    expect(codes('SUM(1)(2)')).toEqual(['formula.forbiddenSyntax']);
  });

  it('given a wrong number of arguments, when parsed, then argumentCount is reported', () => {
    expect(parseFormula('PMT(1, 2)').issues).toEqual([
      { code: 'formula.argumentCount', params: { name: 'PMT', min: 3, max: 3, given: 2 } },
    ]);
    expect(codes('TODAY(1)')).toEqual(['formula.argumentCount']);
    expect(codes('SUM()')).toEqual(['formula.argumentCount']);
  });

  it('given broken or empty text, when parsed, then a syntax issue with its position comes back', () => {
    const parsed = parseFormula('1 + * 2');
    expect(parsed.issues[0]?.code).toBe('formula.syntax');
    expect(parsed.issues[0]?.params).toHaveProperty('index');
    expect(codes('')).toEqual(['formula.syntax']);
    expect(codes('SUM(a')).toEqual(['formula.syntax']);
    expect(codes('a = 1')).toEqual(['formula.syntax']);
  });

  it('given a formula longer than the limit, when parsed, then it is refused without parsing', () => {
    expect(parseFormula('1+'.repeat(3000) + '1').issues[0]?.params).toMatchObject({
      reason: 'tooLong',
    });
  });
});
