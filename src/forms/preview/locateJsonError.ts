/** Where a JSON text stops being valid, counted from 1 for people to read. */
export interface JsonErrorLocation {
  /** The line, from 1. */
  readonly line: number;
  /** The column, from 1. */
  readonly column: number;
}

/** What reading the editor's text gave: a value, or where it went wrong. */
export type ParsedDefinition =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly location: JsonErrorLocation };

/**
 * Parses an author's text as JSON. On failure, answers the line and column of the first
 * character that cannot continue valid JSON, found by a scan of the grammar rather than
 * read from the engine's message (engines word it differently, some without a position),
 * so the page can point at the spot in any language.
 */
export function parseDefinition(text: string): ParsedDefinition {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, location: locate(text, firstErrorOffset(text)) };
  }
}

function locate(text: string, offset: number): JsonErrorLocation {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

class Stop {
  constructor(readonly offset: number) {}
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON forbids raw control characters in strings, so the class excludes U+0000 to U+001F.
// eslint-disable-next-line no-control-regex
const STRING_CHAR = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

// The offset of the first character a JSON value cannot continue with (the text's length
// when it ends too early). Only called on text JSON.parse refused.
function firstErrorOffset(text: string): number {
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at += 1;
  };
  const expect = (char: string) => {
    if (text.charAt(at) !== char) throw new Stop(at);
    at += 1;
  };
  const string = () => {
    expect('"');
    STRING_CHAR.lastIndex = at;
    STRING_CHAR.exec(text);
    at = STRING_CHAR.lastIndex;
    expect('"');
  };
  const value = (): void => {
    space();
    const char = text.charAt(at);
    if (char === '{') {
      at += 1;
      space();
      if (text.charAt(at) === '}') {
        at += 1;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        expect(':');
        value();
        space();
        if (text.charAt(at) === ',') at += 1;
        else return expect('}');
      }
    }
    if (char === '[') {
      at += 1;
      space();
      if (text.charAt(at) === ']') {
        at += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text.charAt(at) === ',') at += 1;
        else return expect(']');
      }
    }
    if (char === '"') return string();
    const literal = LITERALS.find((word) => text.startsWith(word, at));
    if (literal) {
      at += literal.length;
      return;
    }
    NUMBER.lastIndex = at;
    if (NUMBER.exec(text)) {
      at = NUMBER.lastIndex;
      return;
    }
    throw new Stop(at);
  };
  try {
    value();
    space();
    return at;
  } catch (stop) {
    if (stop instanceof Stop) return stop.offset;
    throw stop;
  }
}
