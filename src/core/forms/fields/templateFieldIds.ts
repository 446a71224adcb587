import { readName, splitTemplate } from '../../template';

/**
 * The field ids a `${fieldId}` template reads, each once. A widget reads exactly these
 * values, so it re-renders when one of them changes and for no other field.
 */
export function templateFieldIds(template: string): string[] {
  // The same reading as `interpolateTemplate`'s: bare ids only.
  const ids = splitTemplate(template, readName).flatMap((piece) =>
    piece.kind === 'placeholder' ? [piece.expression] : [],
  );
  return [...new Set(ids)];
}
