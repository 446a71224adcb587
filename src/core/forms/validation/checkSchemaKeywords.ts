import type { JSONSchema7, JSONSchema7Definition, JSONSchema7TypeName } from 'json-schema';
import { compileLinearPattern } from '../compiler/linearPattern';
import { validationError, type ValidationError } from '../fields/validationError';

// Patterns run on the linear-time engine the server's save check uses, so no pattern of a
// user-made form can make typing backtrack for seconds; it compiles each pattern once.
const compiled = compileLinearPattern;

/** The JSON type of a value, as JSON Schema names it (`integer` is a whole `number`). */
function typeMatches(value: unknown, type: JSONSchema7TypeName): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The allowed values of a schema: its `enum`, or the `const`s of a `oneOf` of choices. */
function allowedValues(schema: JSONSchema7): readonly unknown[] | undefined {
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  if (schema.oneOf?.every((option) => typeof option === 'object' && 'const' in option)) {
    return schema.oneOf.map((option) => (option as JSONSchema7).const);
  }
  return undefined;
}

function isSchema(definition: JSONSchema7Definition | undefined): definition is JSONSchema7 {
  return typeof definition === 'object';
}

/**
 * Checks a value against the basic keywords of one field's JSON Schema: `type`,
 * `minLength`/`maxLength`, `minimum`/`maximum`, `pattern`, `enum` (or a `oneOf` of
 * `const`s), `format: date`, and for lists `minItems`/`maxItems`/`uniqueItems` and their
 * items' choices. Answers error codes with params, never English; nested objects are not
 * walked (a field is one value). `required` is the caller's: it needs the plugin's idea
 * of empty.
 */
export function checkSchemaKeywords(value: unknown, schema: JSONSchema7): ValidationError[] {
  const errors: ValidationError[] = [];
  // 1. The type; nothing else is meaningful when it is wrong.
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => typeMatches(value, type))) {
      return [validationError('validation.type', { expected: types.join(', ') })];
    }
  }
  // 2. Strings: length in code points, pattern, date format.
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      errors.push(
        validationError('validation.minLength', { limit: schema.minLength, actual: length }),
      );
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      errors.push(
        validationError('validation.maxLength', { limit: schema.maxLength, actual: length }),
      );
    }
    if (schema.pattern !== undefined && compiled(schema.pattern)?.test(value) === false) {
      errors.push(validationError('validation.pattern'));
    }
    if (schema.format === 'date' && !isDate(value)) errors.push(validationError('validation.date'));
  }
  // 3. Numbers: bounds.
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) {
      errors.push(validationError('validation.minimum', { limit: schema.minimum }));
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      errors.push(validationError('validation.maximum', { limit: schema.maximum }));
    }
  }
  // 4. A fixed list of choices.
  const allowed = allowedValues(schema);
  if (allowed && !Array.isArray(value) && !allowed.includes(value)) {
    errors.push(validationError('validation.enum'));
  }
  // 5. Lists: size, uniqueness, each item's choices.
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      errors.push(validationError('validation.minItems', { limit: schema.minItems }));
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      errors.push(validationError('validation.maxItems', { limit: schema.maxItems }));
    }
    if (schema.uniqueItems && new Set(value).size !== value.length) {
      errors.push(validationError('validation.uniqueItems'));
    }
    const items = isSchema(schema.items as JSONSchema7Definition | undefined)
      ? (schema.items as JSONSchema7)
      : undefined;
    const itemChoices = items ? allowedValues(items) : undefined;
    if (itemChoices && value.some((item) => !itemChoices.includes(item))) {
      errors.push(validationError('validation.enum'));
    } else if (items?.type !== undefined) {
      const itemTypes = Array.isArray(items.type) ? items.type : [items.type];
      if (value.some((item) => !itemTypes.some((type) => typeMatches(item, type)))) {
        errors.push(validationError('validation.type', { expected: itemTypes.join(', ') }));
      }
    }
  }
  return errors;
}
