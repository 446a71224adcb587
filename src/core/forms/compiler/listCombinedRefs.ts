/**
 * The form ids a combined task names by `{ ref }`, in order and without repeats, so a
 * host can fetch them before calling `compileForm` with a synchronous `resolveForm`.
 * Anything that is not a combined task has none.
 */
export function listCombinedRefs(definition: unknown): string[] {
  if (typeof definition !== 'object' || definition === null) return [];
  const forms = (definition as { forms?: unknown }).forms;
  if (!Array.isArray(forms)) return [];
  const refs: string[] = [];
  for (const item of forms) {
    const ref =
      typeof item === 'object' && item !== null ? (item as { ref?: unknown }).ref : undefined;
    if (typeof ref === 'string' && ref !== '' && !refs.includes(ref)) refs.push(ref);
  }
  return refs;
}
