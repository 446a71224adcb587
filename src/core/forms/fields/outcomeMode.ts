import type { OutcomeType } from '../../../../schemas/forms';

/** What an outcome button does with the form: submit it (validated) or save a draft. */
export type OutcomeMode = 'submit' | 'save';

/**
 * The mode of an outcome type: SECTION_SUBMIT and the default type validate and submit;
 * SECTION_SAVE and ONLY_FORM_SAVE save what is there, unvalidated, as a draft would be.
 */
export function outcomeModeOf(type: OutcomeType): OutcomeMode {
  return type === 'SECTION_SAVE' || type === 'ONLY_FORM_SAVE' ? 'save' : 'submit';
}
