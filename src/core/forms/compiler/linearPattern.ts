import type { RegExpEngine } from 'ajv/dist/types';
import { RE2JS } from 're2js';

/** A compiled form pattern: answers whether it matches somewhere in a text, in linear time. */
export interface LinearPattern {
  /** True when the pattern matches some part of `text`, as `RegExp.prototype.test` does. */
  test(text: string): boolean;
}

const MAX_REMEMBERED = 500;

// Forms repeat the same few patterns across many fields; each is compiled once. `null`
// remembers a pattern the engine cannot run.
const compiledPatterns = new Map<string, LinearPattern | null>();

// What JavaScript's `\s` matches: RE2's `\s` is only ASCII white space.
const JS_SPACE =
  '\\t\\n\\x{0b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';

/**
 * Rewrites the few spellings in which JavaScript and RE2 differ, so a pattern written for
 * JavaScript means the same on the linear engine: `\u00e9` becomes `\x{00e9}`, `\s` and
 * `\S` take JavaScript's Unicode white space, `.` leaves out every line terminator.
 * Everything else is passed as written; what RE2 cannot run (look-around,
 * back-references) then fails to compile.
 */
export function toRe2Syntax(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      const hex = /^u([0-9A-Fa-f]{4})/.exec(pattern.slice(i + 1));
      if (hex) {
        out += `\\x{${hex[1]}}`;
        i += 5;
      } else if (next === 's') {
        out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
        i += 1;
      } else if (next === 'S' && !inClass) {
        out += `[^${JS_SPACE}]`;
        i += 1;
      } else {
        out += ch + next;
        i += 1;
      }
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '.') {
      out += '[^\\n\\r\\x{2028}\\x{2029}]';
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * Compiles a validation pattern of a form on RE2's linear-time engine, the same in the
 * browser and on the server, so no text a user types can make a check backtrack for
 * seconds. Answers `null` for a pattern the engine cannot run (look-around,
 * back-references, invalid syntax); the compiler refuses those with a warning.
 */
export function compileLinearPattern(pattern: string): LinearPattern | null {
  const known = compiledPatterns.get(pattern);
  if (known !== undefined) return known;
  let compiled: LinearPattern | null;
  try {
    const engine = RE2JS.compile(toRe2Syntax(pattern));
    compiled = { test: (text: string) => engine.test(text) };
  } catch {
    compiled = null;
  }
  if (compiledPatterns.size >= MAX_REMEMBERED) compiledPatterns.clear();
  compiledPatterns.set(pattern, compiled);
  return compiled;
}

// A pattern that never matches, for a schema whose pattern the engine refuses: the
// compiler never emits one, so only a hand-made schema can reach it, and refusing is safe.
const NEVER: LinearPattern = { test: () => false };

/**
 * The `code.regExp` engine of an Ajv instance: its `pattern` keyword then runs on the
 * linear engine instead of JavaScript's backtracking RegExp. Ajv's flags are not read:
 * the engine always works on code points.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, _flags?: string): LinearPattern & { toString(): string } => {
    const compiled = compileLinearPattern(pattern) ?? NEVER;
    // Ajv keys its compiled patterns by this text.
    return { test: (text: string) => compiled.test(text), toString: () => `re2:${pattern}` };
  },
  { code: 'linearRegExp' },
);
