import type { CompileError } from './compileTypes';

/** The most fields (containers included) one form may have: five times the largest real form. */
export const MAX_FORM_FIELDS = 5_000;

/** How deep containers may nest inside one another; real forms use two or three levels. */
export const MAX_CONTAINER_NESTING = 32;

/** How deep the JSON of a definition may nest anywhere, `params` and `config` included. */
export const MAX_JSON_DEPTH = 256;

/** What `measureDefinition` found: the size of a definition, or the first limit it breaks. */
export interface DefinitionMeasure {
  /** Every entry of every `fields` list, containers included. */
  readonly fields: number;
  /** The deepest container nesting seen (a top-level field is at 0). */
  readonly nesting: number;
  /** The first limit broken, as a compile error; `undefined` when the definition is within all. */
  readonly error: CompileError | undefined;
}

interface Visit {
  readonly value: unknown;
  readonly path: string;
  readonly depth: number;
  /** How many `fields` lists lie on the way here: 1 inside a form's own `fields`. */
  readonly lists: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

// JSON pointer escaping (RFC 6901) of one path segment.
const segment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Measures a definition of any format before anything recursive reads it: how many fields
 * it has and how deep its containers and its JSON nest, walking with an explicit stack so
 * that no definition, however deep, can overflow the call stack. Fields are the objects of
 * every `fields` list (a plain list, Flowable's list of rows, or its map of columns), so the
 * walk serves plain, designer and combined definitions alike. Stops at the first limit
 * broken (`limit.jsonTooDeep`, `limit.nestingTooDeep`) and reports `limit.tooManyFields`
 * once every field is counted.
 */
export function measureDefinition(definition: unknown): DefinitionMeasure {
  let fields = 0;
  let nesting = 0;
  const stack: Visit[] = [{ value: definition, path: '', depth: 0, lists: 0 }];
  const field = (value: unknown, path: string, depth: number, lists: number) => {
    if (!isObject(value) || Array.isArray(value)) return;
    fields += 1;
    nesting = Math.max(nesting, lists - 1);
    stack.push({ value, path, depth, lists });
  };
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value, path, depth, lists } = visit;
    // 1. The limits, checked where they are broken so the error points there.
    if (depth > MAX_JSON_DEPTH) {
      return { fields, nesting, error: limitError('limit.jsonTooDeep', path, MAX_JSON_DEPTH) };
    }
    if (lists - 1 > MAX_CONTAINER_NESTING) {
      return {
        fields,
        nesting,
        error: limitError('limit.nestingTooDeep', path, MAX_CONTAINER_NESTING),
      };
    }
    if (!isObject(value)) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isObject(item))
          stack.push({ value: item, path: `${path}/${index}`, depth: depth + 1, lists });
      });
      continue;
    }
    // 2. An object's members; a `fields` member holds the next level of fields.
    for (const [key, child] of Object.entries(value)) {
      if (!isObject(child)) continue;
      const at = `${path}/${segment(key)}`;
      if (key !== 'fields') {
        stack.push({ value: child, path: at, depth: depth + 1, lists });
        continue;
      }
      const inner = lists + 1;
      if (Array.isArray(child)) {
        child.forEach((item, index) => {
          if (Array.isArray(item)) {
            // The engine's shape: a list of rows, each a list of fields.
            item.forEach((cell, k) => field(cell, `${at}/${index}/${k}`, depth + 3, inner));
          } else {
            field(item, `${at}/${index}`, depth + 2, inner);
          }
        });
      } else {
        // Flowable UI's shape: column number to the fields of that column.
        for (const [column, list] of Object.entries(child)) {
          if (!Array.isArray(list)) continue;
          list.forEach((cell, k) => field(cell, `${at}/${segment(column)}/${k}`, depth + 3, inner));
        }
      }
    }
  }
  const error =
    fields > MAX_FORM_FIELDS
      ? limitError('limit.tooManyFields', '', MAX_FORM_FIELDS, { count: fields })
      : undefined;
  return { fields, nesting, error };
}

function limitError(
  code: CompileError['code'],
  path: string,
  limit: number,
  extra: Record<string, number> = {},
): CompileError {
  return { code, path, params: { limit, ...extra } };
}
