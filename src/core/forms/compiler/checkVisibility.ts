import { ruleInputs } from '../visibility/visibilityRule';
import type { CompileWarning, ParsedForm } from './compileTypes';

/**
 * Checks every visibility condition against the form's final field ids: a condition on a
 * field the form does not have can never see a value, so its field would stay hidden (or
 * shown) for good. Each such reference is a `visibility.unknownField` warning, which the
 * author's preview lists.
 */
export function checkVisibility(parsed: ParsedForm): ParsedForm {
  const { sections } = parsed.form;
  if (!sections.some((section) => section.fields.some((field) => field.visibleWhen))) {
    return parsed;
  }
  const fieldIds = new Set(sections.flatMap((section) => section.fields.map((field) => field.id)));
  const warnings: CompileWarning[] = [...parsed.warnings];
  sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      if (!field.visibleWhen) return;
      for (const reference of ruleInputs(field.visibleWhen)) {
        if (fieldIds.has(reference)) continue;
        warnings.push({
          code: 'visibility.unknownField',
          path: parsed.fieldPaths[s]?.[f] ?? '',
          params: { fieldId: field.id, reference },
        });
      }
    }),
  );
  return { ...parsed, warnings };
}
