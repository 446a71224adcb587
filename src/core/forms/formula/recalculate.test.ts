import { describe, expect, it } from 'vitest';
import { buildDependencyGraph } from './buildDependencyGraph';
import { recalculate } from './recalculate';

const loanGraph = () =>
  buildDependencyGraph({
    instalment: 'ROUND(PMT(rate / 100 / 12, term, amount), 2)',
    dti: 'ROUND((instalment + otherDebt) / income, 4)',
    dtiOk: { expression: 'dti <= 0.45', kind: 'condition' },
    applicantName: 'CONCAT(firstName, " ", lastName)',
  });

describe('recalculate', () => {
  it('given a changed input, when recalculated, then only its dependents recompute, in order', () => {
    const values = { rate: 6, term: 360, amount: 250000, otherDebt: 500, income: 5000 };
    const result = recalculate(loanGraph(), values, 'amount');
    expect(result.recomputed).toEqual(['instalment', 'dti', 'dtiOk']);
    expect(result.values.instalment).toBe(1498.88);
    expect(result.values.dti).toBe(0.3998);
    expect(result.values.dtiOk).toBe(true);
    expect(result.values).not.toHaveProperty('applicantName');
  });

  it('given a change to a field nothing reads, when recalculated, then nothing recomputes', () => {
    expect(recalculate(loanGraph(), {}, 'comments').recomputed).toEqual([]);
  });

  it('given a change deep in the chain, when recalculated, then upstream formulas are not recomputed', () => {
    const result = recalculate(
      loanGraph(),
      { instalment: 2500, otherDebt: 0, income: 5000 },
      'income',
    );
    expect(result.recomputed).toEqual(['dti', 'dtiOk']);
    expect(result.values.dtiOk).toBe(false);
  });

  it('given null as the change, when recalculated, then every formula computes', () => {
    const result = recalculate(loanGraph(), { firstName: 'Ana', lastName: 'Ruiz' }, null);
    expect(result.recomputed).toHaveLength(4);
    expect(result.values.applicantName).toBe('Ana Ruiz');
    expect(result.values.instalment).toBeNull();
    expect(result.values.dtiOk).toBeNull();
  });

  it('given a cycle, when recalculated, then its members are cycle errors and others still compute', () => {
    const graph = buildDependencyGraph({ a: 'b + 1', b: 'a + 1', c: 'x * 2', d: 'a + c' });
    const result = recalculate(graph, { x: 2 }, null);
    expect(result.values.a).toMatchObject({ code: 'formula.cycle' });
    expect(result.values.b).toMatchObject({ code: 'formula.cycle' });
    expect(result.values.c).toBe(4);
    expect(result.values.d).toMatchObject({ code: 'formula.cycle' });
  });

  it('given a formula that does not parse, when recalculated, then it carries its issue as the error', () => {
    const graph = buildDependencyGraph({ bad: 'a.b', good: 'a + 1' });
    const result = recalculate(graph, { a: 1 }, null);
    expect(result.values.bad).toMatchObject({ code: 'formula.forbiddenSyntax' });
    expect(result.values.good).toBe(2);
  });

  it('given a field id that is a prototype name, when recalculated, then the answer stays a plain map', () => {
    const formulas = JSON.parse('{"__proto__": "a + 1"}') as Record<string, string>;
    const result = recalculate(buildDependencyGraph(formulas), { a: 1 }, 'a');
    expect(result.recomputed).toEqual(['__proto__']);
    expect(Object.keys(result.values)).toEqual(['__proto__']);
    expect(result.values['__proto__']).toBe(2);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});
