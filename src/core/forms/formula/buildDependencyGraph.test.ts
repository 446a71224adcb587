import { describe, expect, it } from 'vitest';
import { buildDependencyGraph } from './buildDependencyGraph';

describe('buildDependencyGraph', () => {
  it('given chained formulas, when built, then each comes after what it reads', () => {
    const graph = buildDependencyGraph({
      dti: '(instalment + otherDebt) / income',
      instalment: 'PMT(rate / 12, term, amount)',
      total: 'instalment * term',
    });
    const order = graph.order;
    expect(order.indexOf('instalment')).toBeLessThan(order.indexOf('dti'));
    expect(order.indexOf('instalment')).toBeLessThan(order.indexOf('total'));
    expect(graph.cycles).toEqual([]);
    expect(graph.dependents.get('amount')).toEqual(['instalment']);
    expect([...(graph.dependents.get('instalment') ?? [])].sort()).toEqual(['dti', 'total']);
  });

  it('given formulas that read each other, when built, then the cycle is reported', () => {
    const graph = buildDependencyGraph({ a: 'b + 1', b: 'c + 1', c: 'a + 1', d: 'x' });
    expect(graph.cycles).toHaveLength(1);
    expect([...(graph.cycles[0] ?? [])].sort()).toEqual(['a', 'b', 'c']);
    expect(graph.inCycle.has('d')).toBe(false);
  });

  it('given a formula that reads itself, when built, then it is a cycle of one', () => {
    expect(buildDependencyGraph({ a: 'a + 1' }).cycles).toEqual([['a']]);
  });

  it('given a condition source, when built, then its kind is kept', () => {
    const graph = buildDependencyGraph({ rule: { expression: 'dti <= 0.45', kind: 'condition' } });
    expect(graph.nodes.get('rule')?.kind).toBe('condition');
  });

  it('given a long chain, when built, then the order is complete and acyclic', () => {
    const formulas: Record<string, string> = { f0: 'input + 1' };
    for (let i = 1; i < 2000; i += 1) formulas[`f${i}`] = `f${i - 1} + 1`;
    const graph = buildDependencyGraph(formulas);
    expect(graph.order).toHaveLength(2000);
    expect(graph.order[0]).toBe('f0');
    expect(graph.order[1999]).toBe('f1999');
  });
});
