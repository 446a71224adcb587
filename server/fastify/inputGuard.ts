import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';
import { definePlugin } from './definePlugin';

/**
 * How deep a JSON body may nest. The deepest shape Tessera takes (a designer form: sections,
 * rows, containers, field options) stays far below; anything deeper is hostile, and a deep
 * enough body would overflow the stack of every recursive walk after parsing.
 */
export const MAX_JSON_DEPTH = 64;

/** A code unit of a surrogate pair standing alone, which no UTF-8 text can carry. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True for text PostgreSQL cannot store: NUL is not allowed in its text values and a lone
 * surrogate cannot be encoded as UTF-8; either would fail deep inside a query with a 500.
 */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

function invalidText(part: string, message: string): AppError {
  return new AppError(400, ErrorCode.invalidText, message, {
    details: [{ path: part, code: 'invalidText' }],
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text nests deeper than `limit`, found in one pass over the text before
 * anything is parsed (brackets inside strings do not count).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      // Skip the string: an escaped character never ends it.
      index += 1;
      while (index < text.length) {
        const inner = text.charCodeAt(index);
        if (inner === QUOTE) break;
        index += inner === BACKSLASH ? 2 : 1;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** The path of the first key or string value that cannot be stored, walking without recursion. */
function findUnstorableText(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, 'body']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (isUnstorableText(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => pending.push([element, `${path}.${index}`]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (isUnstorableText(key)) return path;
        pending.push([element, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/** The request target with its percent-escapes decoded, or undefined when they are broken. */
function decodedTarget(request: FastifyRequest): string | undefined {
  try {
    return decodeURIComponent(request.raw.url ?? request.url);
  } catch {
    return undefined;
  }
}

/**
 * Refuses input that no handler can use, once and before any handler runs: a request target
 * (path, parameters, query) with broken percent-escapes, NUL or a lone surrogate (400
 * `INVALID_TEXT`), and JSON or plain-text bodies with NUL or a lone surrogate in any key or
 * value (400 `INVALID_TEXT`) or nested deeper than {@link MAX_JSON_DEPTH} (400
 * `NESTING_TOO_DEEP`). JSON keeps Fastify's own parser, and with it the refusal of
 * `__proto__` keys; the body limit (413) applies before either.
 */
export const inputGuardPlugin = definePlugin('tessera-input-guard', async (app) => {
  app.addHook('onRequest', async (request) => {
    const target = decodedTarget(request);
    if (target === undefined) {
      throw invalidText('url', 'The address has a broken percent-escape.');
    }
    if (isUnstorableText(target)) {
      throw invalidText('url', 'The address contains a NUL character or a lone surrogate.');
    }
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(
          400,
          ErrorCode.nestingTooDeep,
          `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`,
          {
            details: [{ path: 'body', code: 'nestingTooDeep', params: { limit: MAX_JSON_DEPTH } }],
          },
        ),
        undefined,
      );
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const path = findUnstorableText(parsed);
      if (path !== undefined) {
        done(
          invalidText(path, 'The body contains a NUL character or a lone surrogate.'),
          undefined,
        );
        return;
      }
      done(null, parsed);
    });
  });

  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (isUnstorableText(text)) {
      done(
        invalidText('body', 'The body contains a NUL character or a lone surrogate.'),
        undefined,
      );
      return;
    }
    done(null, text);
  });
});
