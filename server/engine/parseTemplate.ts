import type { ExpressionNode, JsonValue, Variables } from './expressionAst';
import { evaluateExpression } from './evaluateExpression';
import { ExpressionSyntaxError } from './expressionSyntaxError';
import { parseExpression } from './parseExpression';

/** A piece of a text with `${...}` placeholders, such as a task name or an assignee. */
export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'expression'; readonly node: ExpressionNode };

/**
 * Splits a text such as `Review ${customer.name}` into literal text and parsed
 * expressions. Throws only {@link ExpressionSyntaxError}.
 */
export function parseTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let index = 0;
  while (index < text.length) {
    // 1. Copy text up to the next placeholder.
    const open = text.indexOf('${', index);
    if (open === -1) {
      parts.push({ kind: 'text', text: text.slice(index) });
      break;
    }
    if (open > index) parts.push({ kind: 'text', text: text.slice(index, open) });
    // 2. Find the closing brace, skipping quoted strings that may contain one.
    const close = findClosingBrace(text, open + 2);
    // 3. Parse what is between, reporting offsets relative to the whole text.
    try {
      parts.push({ kind: 'expression', node: parseExpression(text.slice(open + 2, close)) });
    } catch (error) {
      if (error instanceof ExpressionSyntaxError) {
        throw new ExpressionSyntaxError(error.message, error.position + open + 2);
      }
      throw error;
    }
    index = close + 1;
  }
  return parts;
}

function findClosingBrace(text: string, from: number): number {
  let quote: string | undefined;
  for (let index = from; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quote !== undefined) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '}') {
      return index;
    }
  }
  throw new ExpressionSyntaxError('unterminated ${', from - 2);
}

/** Whether a text holds any placeholder at all. */
export function isTemplate(parts: readonly TemplatePart[]): boolean {
  return parts.some((part) => part.kind === 'expression');
}

/** Renders a template to a string; null and missing values render as nothing. */
export function renderTemplate(parts: readonly TemplatePart[], variables: Variables): string {
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      const value = evaluateExpression(part.node, variables);
      if (value === null) return '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    })
    .join('');
}

/**
 * Evaluates a template to a value: a text that is exactly one `${...}` yields the
 * variable's own value (an array of candidate groups stays an array); anything else is
 * rendered to a string.
 */
export function evaluateTemplate(parts: readonly TemplatePart[], variables: Variables): JsonValue {
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only?.kind === 'expression') return evaluateExpression(only.node, variables);
  return renderTemplate(parts, variables);
}
