import type { CompileWarning, ParsedForm } from './compileTypes';

/**
 * Makes field ids unique within a form, and section ids too. The first field keeps its
 * id; a later one becomes `id__2` (or the next free suffix) with `field.duplicateId`, so
 * neither value silently overwrites the other.
 */
export function dedupeFieldIds(parsed: ParsedForm): ParsedForm {
  // 1. Every id as written is taken, so a generated suffix never collides with one.
  const taken = new Set(parsed.form.sections.flatMap((section) => section.fields.map((f) => f.id)));
  const used = new Set<string>();
  const warnings: CompileWarning[] = [...parsed.warnings];
  const freeId = (id: string): string => {
    for (let n = 2; ; n += 1) {
      const candidate = `${id}__${n}`;
      if (!taken.has(candidate) && !used.has(candidate)) return candidate;
    }
  };
  // 2. Walk the fields in order; rename repeats.
  const sectionIds = new Set<string>();
  const sections = parsed.form.sections.map((section, s) => {
    let sectionId = section.id.trim() === '' ? `section-${s + 1}` : section.id;
    for (let n = 2; sectionIds.has(sectionId); n += 1) sectionId = `${section.id}__${n}`;
    sectionIds.add(sectionId);
    const fields = section.fields.map((field, f) => {
      if (!used.has(field.id)) {
        used.add(field.id);
        return field;
      }
      const renamed = freeId(field.id);
      used.add(renamed);
      warnings.push({
        code: 'field.duplicateId',
        path: `${parsed.fieldPaths[s]?.[f] ?? ''}/id`,
        params: { id: field.id, renamedTo: renamed },
      });
      return { ...field, id: renamed };
    });
    return { ...section, id: sectionId, fields };
  });
  return { ...parsed, form: { ...parsed.form, sections }, warnings };
}
