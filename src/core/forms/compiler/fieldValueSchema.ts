import type { JSONSchema7, JSONSchema7TypeName } from 'json-schema';
import type { NormalizedField } from '../../../../schemas/forms';
import type { PluginCatalog } from '../plugins/pluginCatalog';

/** How option labels and titles are written into a value schema. */
export interface ValueSchemaOptions {
  /** Writes `oneOf` with localised titles when set; a bare `enum` otherwise. */
  readonly optionTitle?: (option: NonNullable<NormalizedField['options']>[number]) => string;
  /** Lets `null` stand for "left empty" (server-side saves of optional fields). */
  readonly nullable?: boolean;
  /** Where the field's type's rules are looked up: the app's is `plugins/catalog.ts`. */
  readonly catalog: Pick<PluginCatalog, 'rulesOf'>;
}

/**
 * The JSON Schema of one field's value, from its value type and validation. Both the
 * rjsf schema and the server's save schema are built from this, so the two sides check
 * the same rules. A type adds its own keywords right after `type` (its rules'
 * `valueSchema`). Display-only fields have no value schema.
 */
export function fieldValueSchema(
  field: NormalizedField,
  options: ValueSchemaOptions,
): JSONSchema7 | undefined {
  if (field.valueType === 'none') return undefined;
  const { validation } = field;
  const schema: JSONSchema7 = {};
  const choices = field.options?.map((option) => option.value);
  const withNull = (type: JSONSchema7TypeName): JSONSchema7['type'] =>
    options.nullable ? [type, 'null'] : type;
  // The type's own keywords (a day's format, a location's pair), right after `type`.
  const own = options.catalog.rulesOf(field.type).valueSchema?.(field);
  const typed = (type: JSONSchema7TypeName): void => {
    schema.type = withNull(type);
    if (own) Object.assign(schema, own);
  };
  switch (field.valueType) {
    case 'string':
      typed('string');
      if (validation.minLength !== undefined) schema.minLength = validation.minLength;
      if (validation.maxLength !== undefined) schema.maxLength = validation.maxLength;
      if (validation.pattern !== undefined) schema.pattern = validation.pattern;
      break;
    case 'number':
    case 'integer':
      typed(field.valueType);
      if (typeof validation.min === 'number') schema.minimum = validation.min;
      if (typeof validation.max === 'number') schema.maximum = validation.max;
      break;
    case 'boolean':
      typed('boolean');
      break;
    case 'object':
      typed('object');
      break;
    case 'array':
      typed('array');
      // Items the type sets itself stand in for the choices'.
      if (own?.items === undefined && choices) {
        schema.items = choiceSchema(field, options, itemTypeOf(choices));
        schema.uniqueItems = true;
        if (field.required) schema.minItems = 1;
      }
      break;
  }
  if (choices && field.valueType !== 'array' && choices.length > 0) {
    Object.assign(schema, choiceSchema(field, options, undefined));
  }
  if (field.readOnly) schema.readOnly = true;
  if (field.defaultValue !== undefined)
    schema.default = field.defaultValue as JSONSchema7['default'];
  return schema;
}

// Options share one value type once normalised; an empty list defaults to strings.
function itemTypeOf(
  values: readonly (string | number | boolean)[],
): 'string' | 'number' | 'boolean' {
  const first = values[0];
  return typeof first === 'number' ? 'number' : typeof first === 'boolean' ? 'boolean' : 'string';
}

// The allowed values: `oneOf` with titles for forms, `enum` for machines.
function choiceSchema(
  field: NormalizedField,
  options: ValueSchemaOptions,
  itemType: 'string' | 'number' | 'boolean' | undefined,
): JSONSchema7 {
  const list = field.options ?? [];
  const schema: JSONSchema7 = itemType ? { type: itemType } : {};
  if (options.optionTitle) {
    const title = options.optionTitle;
    schema.oneOf = list.map((option) => ({ const: option.value, title: title(option) }));
  } else {
    schema.enum = list.map((option) => option.value);
    if (options.nullable && !itemType) schema.enum.push(null);
  }
  return schema;
}
