/** A piece of a text with `${...}` placeholders: literal text, or a placeholder as read. */
export type TemplatePiece<E> =
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'placeholder';
      /** What the reader made of the text between `${` and `}`. */
      readonly expression: E;
      /** The placeholder as written, `${` and `}` included. */
      readonly written: string;
    };

/**
 * Reads the text between `${` and `}` (`offset` is where that text starts in the whole
 * template). `undefined` leaves the placeholder as plain text, written as it was.
 */
export type ReadPlaceholder<E> = (source: string, offset: number) => E | undefined;

/**
 * Splits a text such as `Review ${customer.name}` into literal text and placeholders, the
 * one grammar of where a placeholder starts and ends for every template in the product:
 * task names and candidate groups on the server, the task header, expression fields and
 * hyperlinks in the browser. A `}` inside a quoted string does not close a placeholder.
 * What a placeholder may hold is the reader's business: the engine reads full expressions,
 * a form reads bare field ids. A `${` that is never closed is reported to `onUnclosed`
 * with its offset (a deploy refuses it); when that returns, the rest is plain text.
 */
export function splitTemplate<E>(
  text: string,
  read: ReadPlaceholder<E>,
  onUnclosed?: (offset: number) => void,
): TemplatePiece<E>[] {
  const pieces: TemplatePiece<E>[] = [];
  let literal = '';
  let index = 0;
  while (index < text.length) {
    // 1. Literal text up to the next placeholder.
    const open = text.indexOf('${', index);
    const close = open === -1 ? -1 : closingBrace(text, open + 2);
    if (open === -1 || close === -1) {
      if (open !== -1) onUnclosed?.(open);
      literal += text.slice(index);
      break;
    }
    literal += text.slice(index, open);
    // 2. The placeholder as the reader sees it; one it does not read stays text.
    const written = text.slice(open, close + 1);
    const expression = read(text.slice(open + 2, close), open + 2);
    if (expression === undefined) {
      literal += written;
    } else {
      if (literal !== '') pieces.push({ kind: 'text', text: literal });
      literal = '';
      pieces.push({ kind: 'placeholder', expression, written });
    }
    index = close + 1;
  }
  if (literal !== '') pieces.push({ kind: 'text', text: literal });
  return pieces;
}

/** The index of the `}` that closes a placeholder opened before `from`, or -1. */
function closingBrace(text: string, from: number): number {
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
  return -1;
}
