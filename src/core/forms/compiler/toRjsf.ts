import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { NormalizedField, NormalizedForm } from '../../../../schemas/forms';
import { fieldValueSchema } from './fieldValueSchema';
import { localizeConfig } from './localizeConfig';
import { localizeText } from './localizeText';

/** Options of `toRjsf`. */
export interface ToRjsfOptions {
  /** The locale titles, placeholders, options and config texts are written in. */
  readonly locale: string;
}

/** rjsf's pair: the data schema and the UI schema. */
export interface RjsfForm {
  /** A draft-07 object schema, one property per field. */
  readonly schema: RJSFSchema;
  /** Widgets by plugin type name, order, read-only flags, placeholders and options. */
  readonly uiSchema: UiSchema;
}

/**
 * Emits rjsf's `schema` and `uiSchema` for a normalised form in one locale. Every field
 * names its plugin as `ui:widget`, so rjsf resolves the registry's widgets by name.
 * Display-only fields (headlines, spacers, ...) are `type: 'null'` properties: they hold
 * no data but keep their place in `ui:order`. For a combined task, a field id used by
 * two of its forms appears once (the first); render one part at a time with
 * `selectFormPart` to avoid that.
 */
export function toRjsf(form: NormalizedForm, options: ToRjsfOptions): RjsfForm {
  const { locale } = options;
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {};
  const order: string[] = [];
  for (const section of form.sections) {
    for (const field of section.fields) {
      if (Object.hasOwn(properties, field.id)) continue;
      // 1. The data schema of the field, titled in the locale.
      const title = localizeText(field.label, locale);
      const value = fieldValueSchema(field, {
        optionTitle: (option) => localizeText(option.label, locale),
      });
      properties[field.id] = {
        ...(value ?? { type: 'null' }),
        title,
        ...(field.description !== undefined
          ? { description: localizeText(field.description, locale) }
          : {}),
      };
      if (field.required && value) required.push(field.id);
      // 2. Its UI: our plugin by name, and what the widget needs besides the value.
      uiSchema[field.id] = fieldUi(field, section.id, locale);
      order.push(field.id);
    }
  }
  uiSchema['ui:order'] = order;
  uiSchema['ui:options'] = {
    sections: form.sections.map((section) => ({
      id: section.id,
      title: localizeText(section.title, locale),
      fieldIds: section.fields.map((field) => field.id),
      ...(section.formId !== undefined ? { formId: section.formId } : {}),
    })),
    outcomes: form.outcomes.map((outcome) => ({
      ...outcome,
      label: localizeText(outcome.label, locale),
    })),
  };
  return {
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      title: localizeText(form.name, locale),
      properties,
      ...(required.length > 0 ? { required } : {}),
    },
    uiSchema,
  };
}

function fieldUi(field: NormalizedField, sectionId: string, locale: string): UiSchema {
  return {
    'ui:widget': field.type,
    ...(field.readOnly ? { 'ui:readonly': true } : {}),
    ...(field.placeholder !== undefined
      ? { 'ui:placeholder': localizeText(field.placeholder, locale) }
      : {}),
    'ui:options': {
      ...(localizeConfig(field.config, locale) as Record<string, unknown>),
      pluginType: field.type,
      valueType: field.valueType,
      sectionId,
      widths: field.widths,
      ...(field.breakBefore ? { breakBefore: true } : {}),
      ...(field.originalType !== undefined ? { originalType: field.originalType } : {}),
      // Date limits have no draft-07 keyword; the date widget enforces them.
      ...(field.type === 'date' && field.validation.min !== undefined
        ? { minDate: field.validation.min }
        : {}),
      ...(field.type === 'date' && field.validation.max !== undefined
        ? { maxDate: field.validation.max }
        : {}),
      ...(field.datastoreLink ? { datastoreLink: field.datastoreLink } : {}),
    },
  };
}
