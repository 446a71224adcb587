/**
 * The values a template is filled with: plain data whose objects have no prototype, so a
 * look-up can only ever find what was put there (docxtemplater's default parser checks own
 * properties too; this is the second lock on the same door). Dates become ISO text;
 * functions, symbols and anything else that is not data are dropped.
 */
export type TemplateValues = Record<string, unknown>;

/** Deepest nesting copied; deeper values are dropped. */
const MAX_DEPTH = 8;

function copy(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value.map((item) => copy(item, depth + 1)).filter((item) => item !== undefined);
  }
  if (typeof value === 'object') return toTemplateValues(value as object, depth + 1);
  return undefined;
}

/** A prototype-free copy of `source`'s own enumerable data. */
export function toTemplateValues(source: object, depth = 0): TemplateValues {
  const target = Object.create(null) as TemplateValues;
  for (const [key, value] of Object.entries(source)) {
    const copied = copy(value, depth);
    if (copied !== undefined) target[key] = copied;
  }
  return target;
}

/** One value as the text a cell or a run shows: objects and arrays as JSON, nothing as ''. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
