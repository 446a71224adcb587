import type { DependencyGraph } from './buildDependencyGraph';
import { evaluateCondition } from './evaluateCondition';
import { evaluateFormula, type EvaluateOptions } from './evaluateFormula';
import { formulaError, type FormulaValue } from './formulaValue';
import type { FormulaIssue } from './parseFormula';

/** The new values of the computed fields a change touched. */
export interface Recalculation {
  /** New value of each recomputed field, by id. */
  readonly values: Readonly<Record<string, FormulaValue>>;
  /** The recomputed fields, in the order they were computed. */
  readonly recomputed: readonly string[];
}

/**
 * Recomputes the computed fields that depend, directly or through other computed fields,
 * on `changedFieldId`, and only those, in dependency order. Pass `null` to recompute
 * everything (when a form opens). Fields in a cycle get the `formula.cycle` error.
 */
export function recalculate(
  graph: DependencyGraph,
  values: Readonly<Record<string, unknown>>,
  changedFieldId: string | null,
  options: EvaluateOptions = {},
): Recalculation {
  // 1. Collect the affected computed fields by walking the dependents breadth-first.
  let affected: ReadonlySet<string>;
  if (changedFieldId === null) affected = new Set(graph.order);
  else {
    const reached = new Set<string>();
    const queue = [...(graph.dependents.get(changedFieldId) ?? [])];
    for (let head = 0; head < queue.length; head += 1) {
      const id = queue[head] as string;
      if (reached.has(id)) continue;
      reached.add(id);
      queue.push(...(graph.dependents.get(id) ?? []));
    }
    affected = reached;
  }
  // 2. Evaluate them in graph order, each reading the results computed before it.
  const results = new Map<string, FormulaValue>();
  const lookup = (id: string): unknown =>
    results.has(id) ? results.get(id) : Object.hasOwn(values, id) ? values[id] : undefined;
  const recomputed: string[] = [];
  for (const id of graph.order) {
    if (!affected.has(id)) continue;
    const node = graph.nodes.get(id);
    if (!node) continue;
    let value: FormulaValue;
    if (graph.inCycle.has(id)) value = formulaError('formula.cycle', { fieldId: id });
    else if (node.ast === null) value = issueError(node.issues[0]);
    else if (node.kind === 'condition') value = evaluateCondition(node.ast, lookup, options);
    else value = evaluateFormula(node.ast, lookup, options);
    results.set(id, value);
    recomputed.push(id);
  }
  // 3. Answer a plain record built without a prototype, so no id can touch Object.prototype.
  const out: Record<string, FormulaValue> = Object.create(null) as Record<string, FormulaValue>;
  for (const [id, value] of results) out[id] = value;
  return { values: out, recomputed };
}

// A formula that did not parse evaluates to its first issue, so the field shows why.
function issueError(issue: FormulaIssue | undefined): FormulaValue {
  return formulaError(issue?.code ?? 'formula.syntax', issue?.params ?? {});
}
