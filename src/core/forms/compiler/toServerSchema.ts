import type { JSONSchema7 } from 'json-schema';
import type { NormalizedForm } from '../../../../schemas/forms';
import { fieldValueSchema } from './fieldValueSchema';

/** Options of `toServerSchema`. */
export interface ServerSchemaOptions {
  /**
   * `submit` (default) enforces required fields; `draft` is for SECTION_SAVE and
   * ONLY_FORM_SAVE outcomes, which keep unfinished work.
   */
  readonly mode?: 'submit' | 'draft';
}

/**
 * The JSON Schema the server validates a save with: the rjsf data schema without any UI
 * or locale. Optional fields may be `null` (a cleared input); a required boolean must be
 * true, as in Flowable. Other properties are let through: tasks carry process variables
 * the form does not show.
 */
export function toServerSchema(
  form: NormalizedForm,
  options: ServerSchemaOptions = {},
): JSONSchema7 {
  const submit = (options.mode ?? 'submit') === 'submit';
  const properties: Record<string, JSONSchema7> = {};
  const required: string[] = [];
  for (const section of form.sections) {
    for (const field of section.fields) {
      if (Object.hasOwn(properties, field.id)) continue;
      const mustFill = submit && field.required;
      const value = fieldValueSchema(field, { nullable: !mustFill });
      if (!value) continue;
      // Computed fields are recomputed by the client; the server does not trust their type.
      if (field.type === 'formula' || field.type === 'error-messages') {
        properties[field.id] = {};
        continue;
      }
      const { readOnly: _readOnly, default: _default, ...rule } = value;
      if (mustFill && field.valueType === 'boolean') rule.const = true;
      properties[field.id] = rule;
      if (mustFill) required.push(field.id);
    }
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}
