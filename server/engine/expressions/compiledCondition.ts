import { evaluateCondition, type EvaluationOptions } from './evaluateExpression';
import type { ExpressionNode, Variables } from './expressionAst';
import { ExpressionEvaluationError } from './expressionEvaluationError';
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

/**
 * Whether a deployed condition holds for these variables. A value it cannot compute
 * fails with the condition's own text in the message, so the author sees which one.
 */
export function conditionHolds(
  text: string,
  variables: Variables,
  options: EvaluationOptions = {},
): boolean {
  try {
    return evaluateCondition(compiledCondition(text), variables, options);
  } catch (error) {
    if (error instanceof ExpressionEvaluationError) {
      throw new ExpressionEvaluationError(error.detail, `condition '${text.trim()}'`);
    }
    throw error;
  }
}
