import type {
  AllOf,
  ComparisonOp,
  DesignerVisibleWhen,
  FieldComparison,
  VisibilityRule,
} from '../../../../schemas/forms';

const OPPOSITE: Readonly<Record<ComparisonOp, ComparisonOp>> = {
  equals: 'notEquals',
  notEquals: 'equals',
  lessThan: 'atLeast',
  atLeast: 'lessThan',
  greaterThan: 'atMost',
  atMost: 'greaterThan',
  empty: 'notEmpty',
  notEmpty: 'empty',
};

/** The comparison that holds exactly when `comparison` does not. */
export function negate(comparison: FieldComparison): FieldComparison {
  return { ...comparison, op: OPPOSITE[comparison.op] };
}

/** Both rules at once: every group of one with every group of the other. */
export function bothRules(
  first: VisibilityRule | undefined,
  second: VisibilityRule | undefined,
): VisibilityRule | undefined {
  if (!first) return second;
  if (!second) return first;
  return {
    any: first.any.flatMap((left) =>
      second.any.map((right) => ({ all: [...left.all, ...right.all] })),
    ),
  };
}

/** A designer `visibleWhen` (one comparison, `all`, or `any`) as a normalised rule. */
export function ruleOfDesigner(written: DesignerVisibleWhen): VisibilityRule {
  if ('any' in written) {
    return { any: written.any.map((item) => ('all' in item ? item : { all: [item] })) };
  }
  if ('all' in written) return { any: [written] };
  return { any: [{ all: [written] }] };
}

/** Every field a rule reads, each once, in the order written. */
export function ruleInputs(rule: VisibilityRule): string[] {
  const inputs = new Set<string>();
  for (const group of rule.any) {
    for (const comparison of group.all) {
      inputs.add(comparison.field);
      if (comparison.otherField !== undefined) inputs.add(comparison.otherField);
    }
  }
  return [...inputs];
}

/**
 * Grows a rule by one more link of a left-to-right chain (`a and b or c` reads
 * `(a and b) or c`): `and` adds the comparison to every group, `or` opens a group of its
 * own. Answers the rule after the link.
 */
export function chainRule(
  rule: VisibilityRule | undefined,
  link: 'and' | 'or',
  comparison: FieldComparison,
): VisibilityRule {
  if (!rule) return { any: [{ all: [comparison] }] };
  if (link === 'or') return { any: [...rule.any, { all: [comparison] }] };
  return { any: rule.any.map((group: AllOf) => ({ all: [...group.all, comparison] })) };
}
