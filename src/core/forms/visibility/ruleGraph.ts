import type { RuledField } from './evaluateVisibility';
import { ruleInputs } from './visibilityRule';

/** How the visibility rules of a form read one another. */
export interface RuleGraph {
  /**
   * The ruled fields that can be judged on their own, from the values and the shown state
   * of their inputs: no rule of theirs reaches back to itself. Each with its depth: 1 when
   * it reads no ruled field, else one more than the deepest ruled field it reads.
   */
  readonly depthOf: ReadonlyMap<string, number>;
  /** The ruled fields in a loop of rules, or reading one: judged together, in form order. */
  readonly tangled: ReadonlySet<string>;
  /** The deepest chain of rules reading rules (0 without rules). */
  readonly depth: number;
}

/**
 * Layers the ruled fields (Kahn's algorithm over "a rule reads a ruled field"): what is
 * left once every field whose inputs are all judged has been taken is a loop or hangs off
 * one. The first field of a repeated id is the one whose rule counts, as everywhere.
 */
export function ruleGraph(fields: Iterable<RuledField>): RuleGraph {
  const inputs = new Map<string, string[]>();
  for (const field of fields) {
    if (field.visibleWhen && !inputs.has(field.id)) {
      inputs.set(field.id, [...new Set(ruleInputs(field.visibleWhen))]);
    }
  }
  // 1. For each ruled field, how many ruled fields it reads, and who reads it.
  const waiting = new Map<string, number>();
  const readers = new Map<string, string[]>();
  for (const [fieldId, read] of inputs) {
    let count = 0;
    for (const input of read) {
      if (!inputs.has(input)) continue;
      count += 1;
      const known = readers.get(input);
      if (known) known.push(fieldId);
      else readers.set(input, [fieldId]);
    }
    waiting.set(fieldId, count);
  }
  // 2. Take the fields whose ruled inputs are all taken, layer by layer.
  const depthOf = new Map<string, number>();
  const queue: string[] = [];
  for (const [fieldId, count] of waiting) {
    if (count === 0) {
      depthOf.set(fieldId, 1);
      queue.push(fieldId);
    }
  }
  let depth = 0;
  for (let head = 0; head < queue.length; head += 1) {
    const fieldId = queue[head] as string;
    const own = depthOf.get(fieldId) ?? 1;
    depth = Math.max(depth, own);
    for (const reader of readers.get(fieldId) ?? []) {
      depthOf.set(reader, Math.max(depthOf.get(reader) ?? 0, own + 1));
      const left = (waiting.get(reader) ?? 0) - 1;
      waiting.set(reader, left);
      if (left === 0) queue.push(reader);
    }
  }
  // 3. The rest never got there: a loop, or a reader of one.
  const tangled = new Set<string>();
  for (const fieldId of inputs.keys()) {
    if ((waiting.get(fieldId) ?? 0) > 0) {
      tangled.add(fieldId);
      depthOf.delete(fieldId);
    }
  }
  return { depthOf, tangled, depth };
}
