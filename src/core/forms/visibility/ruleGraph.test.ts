import { describe, expect, it } from 'vitest';
import type { VisibilityRule } from '../../../../schemas/forms';
import { ruleGraph } from './ruleGraph';

const shownWhen = (field: string): VisibilityRule => ({
  any: [{ all: [{ field, op: 'notEmpty' }] }],
});

describe('ruleGraph', () => {
  it('given rules reading plain fields and other rules, when layered, then each has its depth', () => {
    const graph = ruleGraph([
      { id: 'a' },
      { id: 'b', visibleWhen: shownWhen('a') },
      { id: 'c', visibleWhen: shownWhen('b') },
      { id: 'd', visibleWhen: shownWhen('c') },
      { id: 'e', visibleWhen: shownWhen('a') },
    ]);
    expect(Object.fromEntries(graph.depthOf)).toEqual({ b: 1, c: 2, d: 3, e: 1 });
    expect(graph.tangled.size).toBe(0);
    expect(graph.depth).toBe(3);
  });

  it('given a loop of rules, a self-read and a reader of the loop, when layered, then those are tangled and the rest not', () => {
    const graph = ruleGraph([
      { id: 'x', visibleWhen: shownWhen('y') },
      { id: 'y', visibleWhen: shownWhen('x') },
      { id: 'self', visibleWhen: shownWhen('self') },
      { id: 'after', visibleWhen: shownWhen('x') },
      { id: 'free', visibleWhen: shownWhen('plain') },
    ]);
    expect([...graph.tangled].sort()).toEqual(['after', 'self', 'x', 'y']);
    expect(Object.fromEntries(graph.depthOf)).toEqual({ free: 1 });
  });

  it('given a chain of 10,000 rules, when layered, then it answers its depth without recursion', () => {
    const fields = Array.from({ length: 10_000 }, (_, index) => ({
      id: `f${index}`,
      ...(index > 0 ? { visibleWhen: shownWhen(`f${index - 1}`) } : {}),
    }));
    expect(ruleGraph(fields).depth).toBe(9_999);
  });

  it('given a repeated id, when layered, then only its first rule counts', () => {
    const graph = ruleGraph([
      { id: 'a', visibleWhen: shownWhen('plain') },
      { id: 'a', visibleWhen: shownWhen('a') },
    ]);
    expect(graph.tangled.size).toBe(0);
    expect(graph.depthOf.get('a')).toBe(1);
  });
});
