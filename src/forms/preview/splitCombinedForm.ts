import type { NormalizedForm, NormalizedFormPart } from '../../../schemas/forms';
import { partAsForm } from '../../core/forms/compiler/partAsForm';

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
  return form.parts.map((part) => ({ part, form: partAsForm(form, part) }));
}
