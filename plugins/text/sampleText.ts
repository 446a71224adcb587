import type { NormalizedField } from '../../schemas/forms';
import {
  compileLinearPattern,
  type LinearPattern,
} from '../../src/core/forms/compiler/linearPattern';
import { localizeText } from '../../src/core/forms/compiler/localizeText';

/** Plausible texts for fields whose id says what they hold, tried before anything else. */
const TEXT_BY_ID: readonly (readonly [RegExp, string])[] = [
  [/e-?mail/i, 'alex.morgan@example.com'],
  [/phone|mobile|tel/i, '+44 20 7946 0958'],
  [/first.?name|given.?name/i, 'Alex'],
  [/last.?name|surname|family.?name/i, 'Morgan'],
  [/employer|company|organi[sz]ation/i, 'Northwind Traders'],
  [/city|town/i, 'Lisbon'],
  [/name/i, 'Alex Morgan'],
];

/** What a text field gets when nothing more specific fits. */
export const SAMPLE_TEXT = 'Sample text';

// Characters tried, in order, for a class or wildcard of a pattern.
const ALPHABET = ['a', 'A', '0', 'x', 'Z', '5', '-', '_', '.', ' ', '@', '/'];

function charFor(atom: string): string | undefined {
  // A plain character stands for itself; an escaped sign (`\.`) most likely too.
  if (atom.length === 1 && atom !== '.') return atom;
  let matcher: RegExp;
  try {
    matcher = new RegExp(`^(?:${atom})$`);
  } catch {
    return undefined;
  }
  const guesses = /^\\[^A-Za-z0-9]$/.test(atom) ? [atom.slice(1), ...ALPHABET] : ALPHABET;
  return guesses.find((guess) => guess.length === 1 && matcher.test(guess));
}

/**
 * The shortest text a simple pattern accepts: a run of literals, escapes (`\d`, `\.`),
 * classes (`[A-Z]`, `[^@\s]`) and `.`, each with an optional quantifier (`?`, `*`, `+`,
 * `{n}`, `{n,m}`), between optional anchors. Groups and alternatives are not simple:
 * they answer `undefined`, as does anything the walk cannot read.
 */
export function patternSample(pattern: string): string | undefined {
  // 1. The anchors say "whole text", which is how the answer is used anyway.
  let body = pattern.startsWith('^') ? pattern.slice(1) : pattern;
  if (body.endsWith('$') && !body.endsWith('\\$')) body = body.slice(0, -1);
  let text = '';
  let index = 0;
  while (index < body.length) {
    // 2. One atom: an escape, a class, or a single character.
    const char = body.charAt(index);
    let atom: string;
    if (char === '\\') {
      atom = body.slice(index, index + 2);
      index += 2;
    } else if (char === '[') {
      const end = classEnd(body, index);
      if (end < 0) return undefined;
      atom = body.slice(index, end + 1);
      index = end + 1;
    } else if ('()|^$*+?{}'.includes(char)) {
      return undefined;
    } else {
      atom = char;
      index += 1;
    }
    // 3. Its quantifier: the fewest repeats allowed, but at least one for `+`.
    let repeats = 1;
    const quantifier = body.charAt(index);
    if (quantifier === '?' || quantifier === '*') {
      repeats = 0;
      index += 1;
    } else if (quantifier === '+') {
      index += 1;
    } else if (quantifier === '{') {
      const match = /^\{(\d+)(?:,\d*)?\}/.exec(body.slice(index));
      if (!match) return undefined;
      repeats = Number(match[1]);
      index += match[0].length;
    }
    // A lazy quantifier (`+?`) accepts the same texts.
    if (body.charAt(index) === '?') index += 1;
    // 4. The atom's character, as often as needed.
    if (repeats > 0) {
      const sample = charFor(atom);
      if (sample === undefined) return undefined;
      text += sample.repeat(repeats);
    }
  }
  return text;
}

function classEnd(body: string, start: number): number {
  for (let index = start + 1; index < body.length; index += 1) {
    const char = body.charAt(index);
    if (char === '\\') index += 1;
    else if (char === ']' && index > start + 1) return index;
  }
  return -1;
}

// On the linear engine the validators use, so a candidate is judged as a save would be.
function compiledPattern(pattern: string | undefined): LinearPattern | null | undefined {
  return pattern === undefined ? undefined : compileLinearPattern(pattern);
}

/** Lengthens a text to `min` code points by repeating it, and cuts it to `max`. */
function fitLength(text: string, min: number, max: number | undefined): string {
  let fitted = text;
  while ([...fitted].length < min) fitted = `${fitted} ${text}`;
  return max === undefined ? fitted : [...fitted].slice(0, max).join('');
}

/**
 * A plausible text for a text-like field that meets its length limits and pattern: by its
 * id (an email, a name), its English placeholder (often the expected format), a text made
 * from a simple pattern, then `fallback`. Answers `undefined` when none of them fits, so
 * the field is left for a person.
 */
export function sampleText(
  field: NormalizedField,
  fallback: string,
  limit?: number,
): string | undefined {
  // 1. The limits: the schema's, and the plugin's own (a multiline's counter).
  const { minLength = 0, maxLength, pattern } = field.validation;
  const max = limit === undefined ? maxLength : Math.min(limit, maxLength ?? limit);
  if (max !== undefined && max < Math.max(minLength, 1)) return undefined;
  const matcher = compiledPattern(pattern);
  if (matcher === null) return undefined;
  // 2. The candidates, most plausible first.
  const byId = TEXT_BY_ID.find(([test]) => test.test(field.id))?.[1];
  const placeholder = field.placeholder ? localizeText(field.placeholder, 'en') : undefined;
  const fromPattern = pattern === undefined ? undefined : patternSample(pattern);
  const candidates = [byId, placeholder, fromPattern, fallback].filter(
    (candidate): candidate is string => candidate !== undefined && candidate.trim() !== '',
  );
  // 3. The first that still passes once it has the right length.
  for (const candidate of candidates) {
    const fitted = fitLength(candidate, minLength, max);
    if (fitted.trim() !== '' && (matcher === undefined || matcher.test(fitted))) return fitted;
  }
  return undefined;
}
