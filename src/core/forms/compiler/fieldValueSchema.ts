import type { JSONSchema7, JSONSchema7TypeName } from 'json-schema';
import type { NormalizedField } from '../../../../schemas/forms';

/** How option labels and titles are written into a value schema. */
export interface ValueSchemaOptions {
  /** Writes `oneOf` with localised titles when set; a bare `enum` otherwise. */
  readonly optionTitle?: (option: NonNullable<NormalizedField['options']>[number]) => string;
  /** Lets `null` stand for "left empty" (server-side saves of optional fields). */
  readonly nullable?: boolean;
}

/**
 * The JSON Schema of one field's value, from its value type and validation. Both the
 * rjsf schema and the server's save schema are built from this, so the two sides check
 * the same rules. Display-only fields have no value schema.
 */
export function fieldValueSchema(
  field: NormalizedField,
  options: ValueSchemaOptions = {},
): JSONSchema7 | undefined {
  if (field.valueType === 'none') return undefined;
  const { validation } = field;
  const schema: JSONSchema7 = {};
  const choices = field.options?.map((option) => option.value);
  const withNull = (type: JSONSchema7TypeName): JSONSchema7['type'] =>
    options.nullable ? [type, 'null'] : type;
  switch (field.valueType) {
    case 'string':
      schema.type = withNull('string');
      if (field.type === 'date') schema.format = 'date';
      if (validation.minLength !== undefined) schema.minLength = validation.minLength;
      if (validation.maxLength !== undefined) schema.maxLength = validation.maxLength;
      if (validation.pattern !== undefined) schema.pattern = validation.pattern;
      break;
    case 'number':
    case 'integer':
      schema.type = withNull(field.valueType);
      if (typeof validation.min === 'number') schema.minimum = validation.min;
      if (typeof validation.max === 'number') schema.maximum = validation.max;
      break;
    case 'boolean':
      schema.type = withNull('boolean');
      break;
    case 'object':
      schema.type = withNull('object');
      break;
    case 'array':
      schema.type = withNull('array');
      if (field.type === 'gps') {
        // [latitude, longitude] (spec 001 section 3).
        schema.items = { type: 'number' };
        schema.minItems = 2;
        schema.maxItems = 2;
      } else if (choices) {
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
