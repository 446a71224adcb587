import { fillTemplate, splitTemplate } from '../core/template';

const PATH = /^\s*([A-Za-z_][\w.]*)\s*$/;

/** The value at a dotted path, own properties only; `undefined` where the path ends. */
function valueAt(variables: Record<string, unknown>, path: string): unknown {
  let value: unknown = variables;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Replaces `${name}` (and `${a.b}` paths) in a task name with values from the process
 * variables, as the task header shows it (spec 001 section 2). A name without a value keeps
 * its placeholder, so nothing silently disappears.
 */
export function replaceVariables(text: string, variables: Record<string, unknown>): string {
  return fillTemplate(
    splitTemplate(text, (source) => PATH.exec(source)?.[1]),
    {
      valueOf: (path) => valueAt(variables, path),
      onMissing: (written) => written,
    },
  );
}
