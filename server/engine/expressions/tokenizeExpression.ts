import { ExpressionSyntaxError } from './expressionSyntaxError';

/** One lexical token of a `${...}` expression. */
export type ExpressionToken =
  | { readonly kind: 'identifier'; readonly text: string; readonly position: number }
  | { readonly kind: 'number'; readonly value: number; readonly position: number }
  | { readonly kind: 'string'; readonly value: string; readonly position: number }
  | { readonly kind: 'punctuation'; readonly text: Punctuation; readonly position: number }
  | { readonly kind: 'end'; readonly position: number };

/** The symbols the grammar knows; anything else is refused where it is met. */
export type Punctuation =
  | '=='
  | '!='
  | '<='
  | '>='
  | '<'
  | '>'
  | '&&'
  | '||'
  | '!'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '?'
  | ':'
  | ','
  | '('
  | ')'
  | '.';

/** Longest symbols first so `<=` is not read as `<` followed by `=`. */
const punctuations: readonly Punctuation[] = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
  ':',
  ',',
  '(',
  ')',
  '.',
];

/** Symbols people reach for that the grammar refuses, with the reason to give them. */
const refusedSymbols: readonly (readonly [string, string])[] = [
  ['=', 'assignment is not allowed'],
  ['[', 'indexing is not allowed'],
  [']', 'indexing is not allowed'],
  ['{', 'object literals are not allowed'],
  ['}', 'object literals are not allowed'],
  [';', 'statements are not allowed'],
  ['`', 'template strings are not allowed'],
  ['&', "use '&&' or 'and'"],
  ['|', "use '||' or 'or'"],
  ['#', "a nested '#{' is not allowed"],
  ['$', "a nested '${' is not allowed"],
];

/** Long inputs are refused outright so a hostile definition cannot make deploy slow. */
export const maxExpressionLength = 2000;

const identifierStart = /[A-Za-z_]/;
const identifierPart = /[A-Za-z0-9_]/;
const digit = /[0-9]/;

/**
 * Splits the inside of a `${...}` into tokens. Throws only {@link ExpressionSyntaxError}.
 */
export function tokenizeExpression(source: string): ExpressionToken[] {
  if (source.length > maxExpressionLength) {
    throw new ExpressionSyntaxError(
      `expression is longer than ${maxExpressionLength} characters`,
      0,
    );
  }
  const tokens: ExpressionToken[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    // 1. Whitespace separates tokens and is otherwise ignored.
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    // 2. Identifiers: variable names, path segments and the word operators.
    if (identifierStart.test(char)) {
      const start = index;
      while (index < source.length && identifierPart.test(source.charAt(index))) index += 1;
      tokens.push({ kind: 'identifier', text: source.slice(start, index), position: start });
      continue;
    }
    // 3. Unsigned decimal numbers; a sign is the parser's business.
    if (digit.test(char)) {
      const start = index;
      while (index < source.length && digit.test(source.charAt(index))) index += 1;
      if (source.charAt(index) === '.' && digit.test(source.charAt(index + 1))) {
        index += 1;
        while (index < source.length && digit.test(source.charAt(index))) index += 1;
      }
      // JUEL's floating literals may carry an exponent: 1e6, 2.5E-3.
      const exponent = /^[eE][+-]?[0-9]/.exec(source.slice(index, index + 3));
      if (exponent !== null) {
        index += exponent[0].length;
        while (index < source.length && digit.test(source.charAt(index))) index += 1;
      }
      if (identifierStart.test(source.charAt(index))) {
        throw new ExpressionSyntaxError('a number must not run into a name', index);
      }
      tokens.push({ kind: 'number', value: Number(source.slice(start, index)), position: start });
      continue;
    }
    // 4. Strings in single or double quotes; a backslash escapes the next character.
    if (char === "'" || char === '"') {
      const start = index;
      let value = '';
      index += 1;
      for (;;) {
        if (index >= source.length) {
          throw new ExpressionSyntaxError('unterminated string', start);
        }
        const next = source.charAt(index);
        if (next === char) break;
        if (next === '\\') {
          if (index + 1 >= source.length)
            throw new ExpressionSyntaxError('unterminated string', start);
          value += source.charAt(index + 1);
          index += 2;
          continue;
        }
        value += next;
        index += 1;
      }
      index += 1;
      tokens.push({ kind: 'string', value, position: start });
      continue;
    }
    // 5. Symbols, longest match first; anything else is refused with a reason.
    const symbol = punctuations.find((candidate) => source.startsWith(candidate, index));
    if (symbol !== undefined) {
      tokens.push({ kind: 'punctuation', text: symbol, position: index });
      index += symbol.length;
      continue;
    }
    const refused = refusedSymbols.find(([text]) => text === char);
    throw new ExpressionSyntaxError(
      refused ? `'${char}': ${refused[1]}` : `unexpected character '${char}'`,
      index,
    );
  }
  tokens.push({ kind: 'end', position: source.length });
  return tokens;
}
