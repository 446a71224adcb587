import type { NormalizedOption, PluginType, ValueType } from '../../../../schemas/forms';

/**
 * The JSON type of a field's value, from its plugin type and, where it matters, its
 * options and config. This is the one table of value shapes; the rjsf and server
 * schemas are both derived from it.
 */
export function valueTypeOf(
  type: PluginType,
  options: readonly NormalizedOption[] | undefined,
  config: Readonly<Record<string, unknown>>,
): ValueType {
  switch (type) {
    case 'text':
    case 'password':
    case 'multiline':
    case 'date':
    case 'people':
    case 'functional-group':
    case 'upload':
    case 'picture':
      // people and groups hold an id; upload and picture hold file ids (spec 001 sec. 3).
      return 'string';
    case 'number':
      return config.numberKind === 'integer' ? 'integer' : 'number';
    case 'dropdown':
    case 'radio':
      return optionValueType(options);
    case 'checkbox':
      // A checkbox with options is a multi-choice list; without, a single tick.
      return options && options.length > 0 ? 'array' : 'boolean';
    case 'boolean':
    case 'error-messages':
      // A message field's value is its condition: false blocks when blockIfFalse is set.
      return 'boolean';
    case 'formula': {
      const resultType = config.resultType;
      return resultType === 'string' || resultType === 'boolean' ? resultType : 'number';
    }
    case 'object':
    case 'signature':
    case 'uploadExcel':
      // signature: { type, dataUrl }; uploadExcel: { id, rows } (spec 001 section 3).
      return 'object';
    case 'gps':
      return 'array';
    default:
      return 'none';
  }
}

function optionValueType(options: readonly NormalizedOption[] | undefined): ValueType {
  const values = options ?? [];
  if (values.length > 0 && values.every((option) => typeof option.value === 'number')) {
    return 'number';
  }
  if (values.length > 0 && values.every((option) => typeof option.value === 'boolean')) {
    return 'boolean';
  }
  return 'string';
}
