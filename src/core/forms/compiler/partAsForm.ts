import type { NormalizedForm, NormalizedFormPart } from '../../../../schemas/forms';

/**
 * One part of a compiled combined task as a form of its own: the part's sections, outcomes
 * and outcome variable, as its assignee fills, saves and completes it; the server checks
 * each part's saves with it and the preview shows each part with it. Taken by the part
 * rather than by its form id, because two entries of a combined task may name the same form.
 */
export function partAsForm(form: NormalizedForm, part: NormalizedFormPart): NormalizedForm {
  const wanted = new Set(part.sectionIds);
  return {
    id: part.formId,
    kind: part.kind,
    name: part.name,
    sections: form.sections.filter((section) => wanted.has(section.id)),
    outcomes: part.outcomes,
    ...(part.outcomeVariableName !== undefined
      ? { outcomeVariableName: part.outcomeVariableName }
      : {}),
  };
}
