import type { ExpressionNode } from './expressionAst';
import { parseCondition } from './parseExpression';

/** Parsed conditions by source text; definitions are few, their conditions fewer. */
const cache = new Map<string, ExpressionNode>();
const maxEntries = 10_000;

/**
 * Parses a sequence-flow condition that deploy already accepted, reusing earlier parses.
 * A text that fails here was changed after deploy, which is a bug, so the error propagates.
 */
export function compiledCondition(text: string): ExpressionNode {
  let node = cache.get(text);
  if (node === undefined) {
    node = parseCondition(text);
    // A crude bound: forgetting everything is cheap, parsing again is cheap too.
    if (cache.size >= maxEntries) cache.clear();
    cache.set(text, node);
  }
  return node;
}
