/** A message cut around the one value it names, so that value can be drawn on its own. */
export interface MessageParts {
  /** The text before the value. */
  before: string;
  /** The text after it (empty when the value ends the message, or is not in it). */
  after: string;
}

/** A character no translation holds, standing in for the value while the message is made. */
const PLACEHOLDER = '\u0000';

/**
 * Cuts a translated message around its value, whatever the language's word order:
 * `translate` is given a stand-in for the value, and the text on each side of it comes back.
 * A message without the value is all `before`.
 */
export function messageParts(translate: (value: string) => string): MessageParts {
  const text = translate(PLACEHOLDER);
  const at = text.indexOf(PLACEHOLDER);
  if (at < 0) return { before: text, after: '' };
  return { before: text.slice(0, at), after: text.slice(at + PLACEHOLDER.length) };
}

/** A report document's name cut after its date prefix (`2026-11-24_`), if it has one. */
export interface FileNameParts {
  /** The `YYYY-MM-DD_` prefix, or empty. */
  datePrefix: string;
  /** The rest of the name. */
  rest: string;
}

/**
 * Cuts a generated document's name after its date prefix: a line may break after each hyphen
 * of a date, and `2026-11-` at the end of one line with `24_...` on the next reads as two
 * things, so the prefix is drawn in one piece.
 */
export function fileNameParts(fileName: string): FileNameParts {
  const match = /^\d{4}-\d{2}-\d{2}_/.exec(fileName);
  if (!match) return { datePrefix: '', rest: fileName };
  return { datePrefix: match[0], rest: fileName.slice(match[0].length) };
}
