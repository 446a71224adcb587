import type { NormalizedForm } from '../../schemas/forms';
import webhookButtonRules from '../../plugins/webhook-button/rules';

/**
 * The webhook names a form's buttons call (`config.webhook` of each `webhook-button`
 * field, in every section, so every part of a combined task counts). A press may only
 * name one of them: the tenant's other targets belong to other forms.
 */
export function webhookNamesOf(form: NormalizedForm): Set<string> {
  const names = new Set<string>();
  for (const section of form.sections) {
    for (const field of section.fields) {
      if (field.type !== webhookButtonRules.type) continue;
      const name = field.config.webhook;
      if (typeof name === 'string' && name !== '') names.add(name);
    }
  }
  return names;
}
