import type { NormalizedForm, NormalizedFormPart } from '../../../schemas/forms';

/** One form of a previewed definition, as the task page would show it on its own. */
export interface PreviewPart {
  /** The combined task's part, or null for a plain or designer form. */
  readonly part: NormalizedFormPart | null;
  /** The form to render. */
  readonly form: NormalizedForm;
}

/**
 * Splits a compiled form into the forms a task shows one at a time: a combined task's
 * parts, each with its own sections and outcomes (as its assignee fills and saves them),
 * or the form itself for the other kinds.
 */
export function splitCombinedForm(form: NormalizedForm): PreviewPart[] {
  if (form.kind !== 'combined' || !form.parts) return [{ part: null, form }];
  return form.parts.map((part) => {
    const wanted = new Set(part.sectionIds);
    return {
      part,
      form: {
        id: part.formId,
        kind: part.kind,
        name: part.name,
        sections: form.sections.filter((section) => wanted.has(section.id)),
        outcomes: part.outcomes,
        ...(part.outcomeVariableName !== undefined
          ? { outcomeVariableName: part.outcomeVariableName }
          : {}),
      },
    };
  });
}
