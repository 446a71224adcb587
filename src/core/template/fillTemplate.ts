import type { TemplatePiece } from './splitTemplate';

/** How {@link fillTemplate} fills placeholders; the rest of the grammar is shared. */
export interface FillTemplateOptions<E> {
  /** The value a placeholder stands for; `undefined` or `null` when it has none. */
  readonly valueOf: (expression: E) => unknown;
  /**
   * What a placeholder without a value becomes, given as written: nothing by default (a
   * form's empty field); itself where a gap must stay visible; or a thrown error.
   */
  readonly onMissing?: (written: string) => string;
  /**
   * Writes a value as text (the placeholder's expression given, for a format of its own);
   * by default objects and lists as JSON, the rest by `String`.
   */
  readonly format?: (value: unknown, expression: E) => string;
}

/** The default writing of a value: what the engine stores in a task name. */
export function formatTemplateValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * Fills the placeholders of a split template (`splitTemplate`) with their values, joining
 * them with the literal text. The one filler behind every `${...}` text in the product;
 * what differs between its users (what a placeholder reads, what a gap becomes, how a value
 * is written) is in `options`.
 */
export function fillTemplate<E>(
  pieces: readonly TemplatePiece<E>[],
  options: FillTemplateOptions<E>,
): string {
  const { valueOf, onMissing, format = formatTemplateValue } = options;
  let text = '';
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      text += piece.text;
      continue;
    }
    const value = valueOf(piece.expression);
    if (value !== undefined && value !== null) text += format(value, piece.expression);
    else if (onMissing) text += onMissing(piece.written);
  }
  return text;
}
