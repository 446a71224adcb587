import type { CompileWarning, ParsedForm } from './compileTypes';

/**
 * Hands out `id__2`, `id__3`, ... for repeated ids, never one in `taken` or handed out
 * before. Each base id remembers the next suffix to try, so renaming `n` copies of one id
 * costs `n` steps, not `n²`: 20,000 fields sharing an id are renamed in milliseconds.
 */
export function createIdAllocator(taken: ReadonlySet<string>): (id: string) => string {
  const handedOut = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return (id) => {
    let n = nextSuffix.get(id) ?? 2;
    let candidate = `${id}__${n}`;
    while (taken.has(candidate) || handedOut.has(candidate)) {
      n += 1;
      candidate = `${id}__${n}`;
    }
    nextSuffix.set(id, n + 1);
    handedOut.add(candidate);
    return candidate;
  };
}

/**
 * Ids a form's values may not be stored under: an object's own machinery in JavaScript,
 * which a value named so would replace or reach through (`values.__proto__`).
 */
const RESERVED_IDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Makes field ids unique within a form, and section ids too. The first field keeps its
 * id; a later one becomes `id__2` (or the next free suffix) with `field.duplicateId`, so
 * neither value silently overwrites the other. A reserved id ({@link RESERVED_IDS}) is
 * renamed the same way, with `field.reservedId`.
 */
export function dedupeFieldIds(parsed: ParsedForm): ParsedForm {
  // 1. Every id as written is taken, so a generated suffix never collides with one.
  const taken = new Set(parsed.form.sections.flatMap((section) => section.fields.map((f) => f.id)));
  const used = new Set<string>();
  const freeId = createIdAllocator(taken);
  const warnings: CompileWarning[] = [...parsed.warnings];
  // 2. Walk the fields in order; rename repeats.
  const sectionIds = new Set<string>();
  const freeSectionId = createIdAllocator(
    new Set(parsed.form.sections.map((section) => section.id)),
  );
  const sections = parsed.form.sections.map((section, s) => {
    let sectionId = section.id.trim() === '' ? `section-${s + 1}` : section.id;
    if (sectionIds.has(sectionId)) sectionId = freeSectionId(section.id);
    sectionIds.add(sectionId);
    const fields = section.fields.map((field, f) => {
      const reserved = RESERVED_IDS.has(field.id);
      if (!used.has(field.id) && !reserved) {
        used.add(field.id);
        return field;
      }
      const renamed = freeId(field.id);
      used.add(renamed);
      warnings.push({
        code: reserved ? 'field.reservedId' : 'field.duplicateId',
        path: `${parsed.fieldPaths[s]?.[f] ?? ''}/id`,
        params: { id: field.id, renamedTo: renamed },
      });
      return { ...field, id: renamed };
    });
    return { ...section, id: sectionId, fields };
  });
  return { ...parsed, form: { ...parsed.form, sections }, warnings };
}
