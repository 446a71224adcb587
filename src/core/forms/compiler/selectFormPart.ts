import type { NormalizedForm } from '../../../../schemas/forms';

/**
 * One form of a combined task as a form of its own: its sections, outcomes and outcome
 * variable. The combined task page renders and saves one part at a time with it.
 * Answers `undefined` when the form has no such part.
 */
export function selectFormPart(form: NormalizedForm, formId: string): NormalizedForm | undefined {
  const part = form.parts?.find((candidate) => candidate.formId === formId);
  if (!part) return undefined;
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
