/**
 * The `ILIKE` pattern of a "contains" search: the text between `%`s, with LIKE's own
 * wildcards and escape character escaped, so a search for `a_b` finds that text and not `axb`.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
