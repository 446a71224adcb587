import { parseFormula, type ParsedFormula } from './parseFormula';

/** How a computed field uses its result: a formula's value, or a message rule's truth. */
export type FormulaResultKind = 'value' | 'condition';

/** A computed field's source: the expression, and whether it is a value or a condition. */
export interface FormulaSource {
  /** The expression text. */
  readonly expression: string;
  /** `condition` for error-messages fields; defaults to `value`. */
  readonly kind?: FormulaResultKind;
}

/** One computed field in the graph. */
export interface FormulaGraphNode extends ParsedFormula {
  /** The computed field's id. */
  readonly id: string;
  /** Whether the result is a value or a condition. */
  readonly kind: FormulaResultKind;
}

/**
 * Which computed field reads which field, and the order to compute them in. Built once
 * per form; `recalculate` uses it on every change.
 */
export interface DependencyGraph {
  /** Every computed field by id. */
  readonly nodes: ReadonlyMap<string, FormulaGraphNode>;
  /** For any field id, the computed fields that read it directly. */
  readonly dependents: ReadonlyMap<string, readonly string[]>;
  /** All computed fields, each after the computed fields it reads (cycles kept together). */
  readonly order: readonly string[];
  /** Each cycle of computed fields that read one another, in evaluation order. */
  readonly cycles: readonly (readonly string[])[];
  /** Every computed field that is part of a cycle. */
  readonly inCycle: ReadonlySet<string>;
}

/**
 * Parses every computed field and links them by the fields they read. Strongly connected
 * components (Tarjan) give both the evaluation order and the cycles in one pass.
 */
export function buildDependencyGraph(
  formulas: Readonly<Record<string, string | FormulaSource>>,
): DependencyGraph {
  // 1. Parse each formula once.
  const nodes = new Map<string, FormulaGraphNode>();
  for (const [id, source] of Object.entries(formulas)) {
    const { expression, kind = 'value' } =
      typeof source === 'string' ? { expression: source } : source;
    nodes.set(id, { id, kind, ...parseFormula(expression) });
  }
  // 2. Invert the references: for each field, who reads it.
  const dependents = new Map<string, string[]>();
  for (const node of nodes.values()) {
    for (const reference of node.references) {
      const readers = dependents.get(reference);
      if (readers) readers.push(node.id);
      else dependents.set(reference, [node.id]);
    }
  }
  // 3. Tarjan over "formula -> formula it reads": a component is emitted only after every
  //    component it reads, which is exactly evaluation order.
  const order: string[] = [];
  const cycles: string[][] = [];
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  const visit = (id: string): void => {
    index.set(id, counter);
    lowLink.set(id, counter);
    counter += 1;
    stack.push(id);
    onStack.add(id);
    for (const reference of nodes.get(id)?.references ?? []) {
      if (!nodes.has(reference)) continue;
      if (!index.has(reference)) {
        visit(reference);
        lowLink.set(id, Math.min(lowLink.get(id) ?? 0, lowLink.get(reference) ?? 0));
      } else if (onStack.has(reference)) {
        lowLink.set(id, Math.min(lowLink.get(id) ?? 0, index.get(reference) ?? 0));
      }
    }
    if (lowLink.get(id) !== index.get(id)) return;
    // 4. `id` roots a component: pop it; more than one member, or a self-read, is a cycle.
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    component.reverse();
    order.push(...component);
    const selfRead = nodes.get(id)?.references.includes(id) ?? false;
    if (component.length > 1 || selfRead) cycles.push(component);
  };
  for (const id of nodes.keys()) if (!index.has(id)) visit(id);
  return {
    nodes,
    dependents,
    order,
    cycles,
    inCycle: new Set(cycles.flat()),
  };
}
