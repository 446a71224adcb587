import type { NormalizedForm } from '../../../../schemas/forms';
import { partAsForm } from './partAsForm';

/**
 * The first part of a combined task with the given form id, as a form of its own
 * (`partAsForm`). Answers `undefined` when the form has no such part.
 */
export function selectFormPart(form: NormalizedForm, formId: string): NormalizedForm | undefined {
  const part = form.parts?.find((candidate) => candidate.formId === formId);
  return part && partAsForm(form, part);
}
