/**
 * Replaces `${name}` (and `${a.b}` paths) in a task name with values from the process
 * variables, as the task header shows it (spec 001 section 2). A name without a value keeps
 * its placeholder, so nothing silently disappears.
 */
export function replaceVariables(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\$\{\s*([A-Za-z_][\w.]*)\s*\}/g, (whole, path: string) => {
    let value: unknown = variables;
    for (const part of path.split('.')) {
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) {
        return whole;
      }
      value = (value as Record<string, unknown>)[part];
    }
    if (value === null || value === undefined) return whole;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}
