// The same placeholder grammar as the formula engine's `interpolateTemplate`: bare ids only.
const PLACEHOLDER = /\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

/**
 * The field ids a `${fieldId}` template reads, each once. A widget reads exactly these
 * values, so it re-renders when one of them changes and for no other field.
 */
export function templateFieldIds(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}
