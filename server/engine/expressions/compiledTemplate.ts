import { parseTemplate, type TemplatePart } from './parseTemplate';

/** Parsed templates by source text; definitions are few, their texts fewer. */
const cache = new Map<string, readonly TemplatePart[]>();
const maxEntries = 10_000;

/**
 * Parses a template that deploy already accepted, reusing earlier parses. A text that
 * fails here was changed after deploy, which is a bug, so the syntax error propagates.
 */
export function compiledTemplate(text: string): readonly TemplatePart[] {
  let parts = cache.get(text);
  if (parts === undefined) {
    parts = parseTemplate(text);
    // A crude bound: forgetting everything is cheap, parsing again is cheap too.
    if (cache.size >= maxEntries) cache.clear();
    cache.set(text, parts);
  }
  return parts;
}
