import { fillTemplate, splitTemplate, type TemplatePiece } from '../../../src/core/template';
import type { ExpressionNode, JsonValue, Variables } from './expressionAst';
import { evaluateExpression, type EvaluationOptions } from './evaluateExpression';
import { ExpressionSyntaxError } from './expressionSyntaxError';
import { parseExpression } from './parseExpression';

/** A piece of a text with `${...}` placeholders, such as a task name or an assignee. */
export type TemplatePart = TemplatePiece<ExpressionNode>;

/** Parses what a placeholder holds, reporting offsets relative to the whole text. */
function readExpression(source: string, offset: number): ExpressionNode {
  try {
    return parseExpression(source);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) {
      throw new ExpressionSyntaxError(error.message, error.position + offset);
    }
    throw error;
  }
}

function refuseUnclosed(offset: number): never {
  throw new ExpressionSyntaxError('unterminated ${', offset);
}

/**
 * Splits a text such as `Review ${customer.name}` into literal text and parsed
 * expressions, with the product's one template grammar. Throws only
 * {@link ExpressionSyntaxError}.
 */
export function parseTemplate(text: string): TemplatePart[] {
  return splitTemplate(text, readExpression, refuseUnclosed);
}

/** Whether a text holds any placeholder at all. */
export function isTemplate(parts: readonly TemplatePart[]): boolean {
  return parts.some((part) => part.kind === 'placeholder');
}

/**
 * Renders a template to a string; null and missing values render as nothing. `options.now`
 * is the instant `now()` and `dateTime()` stand for (the engine's clock).
 */
export function renderTemplate(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
): string {
  return fillTemplate(parts, { valueOf: (node) => evaluateExpression(node, variables, options) });
}

/**
 * Evaluates a template to a value: a text that is exactly one `${...}` yields the
 * variable's own value (an array of candidate groups stays an array); anything else is
 * rendered to a string.
 */
export function evaluateTemplate(
  parts: readonly TemplatePart[],
  variables: Variables,
  options: EvaluationOptions = {},
): JsonValue {
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only?.kind === 'placeholder') return evaluateExpression(only.expression, variables, options);
  return renderTemplate(parts, variables, options);
}
