import type { NormalizedField, NormalizedForm } from '../../schemas/forms';
import webhookButtonRules from '../../plugins/webhook-button/rules';
import { answerFieldsOf, type AnswerFields } from '../../plugins/webhook-button/answerFields';

// Every webhook button of a form, in every section, so every part of a combined task counts.
function buttonsOf(form: NormalizedForm): NormalizedField[] {
  return form.sections.flatMap((section) =>
    section.fields.filter((field) => field.type === webhookButtonRules.type),
  );
}

/**
 * The webhook names a form's buttons call (`config.webhook` of each `webhook-button`
 * field). A press may only name one of them: the tenant's other targets belong to other
 * forms.
 */
export function webhookNamesOf(form: NormalizedForm): Set<string> {
  const names = new Set<string>();
  for (const field of buttonsOf(form)) {
    const name = field.config.webhook;
    if (typeof name === 'string' && name !== '') names.add(name);
  }
  return names;
}

/**
 * The variables the form's buttons of one webhook fill from its answer
 * (`config.answerFields`, every such button's together); empty when they only report
 * success or failure.
 */
export function answerFieldsFor(form: NormalizedForm, webhook: string): AnswerFields {
  const fields: [string, string][] = [];
  for (const field of buttonsOf(form)) {
    if (field.config.webhook === webhook)
      fields.push(...Object.entries(answerFieldsOf(field.config)));
  }
  return Object.fromEntries(fields);
}

/** Every variable any webhook button of the form fills from an answer, by webhook name. */
export function answeredVariablesOf(form: NormalizedForm): Map<string, Set<string>> {
  const variables = new Map<string, Set<string>>();
  for (const webhook of webhookNamesOf(form)) {
    const names = Object.keys(answerFieldsFor(form, webhook));
    if (names.length > 0) variables.set(webhook, new Set(names));
  }
  return variables;
}
