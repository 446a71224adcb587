import type { ErrorObject } from 'ajv';
import {
  REQUIRED_CODE,
  validationError,
  type ValidationError,
} from '../../src/core/forms/fields/validationError';

// A JSON pointer segment back to the field id it encodes.
function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The field an Ajv error is about: a missing property, or the first step of its path. */
export function fieldOfAjvError(error: ErrorObject): string | undefined {
  if (error.keyword === 'required' && error.instancePath === '') {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    return typeof missing === 'string' ? missing : undefined;
  }
  const [, first] = error.instancePath.split('/');
  return first === undefined ? undefined : unescapeSegment(first);
}

function limitOf(error: ErrorObject): number | undefined {
  const limit = (error.params as { limit?: unknown }).limit;
  return typeof limit === 'number' ? limit : undefined;
}

function expectedTypes(error: ErrorObject): string {
  const type = (error.params as { type?: unknown }).type;
  return Array.isArray(type) ? type.join(', ') : String(type);
}

/**
 * One Ajv error as the validation code the client uses for the same rule
 * (`validation.required`, `validation.maxLength` with `{ limit, actual }`, ...), so a
 * refused save reads exactly like a refused submit in the browser. `value` is the field's
 * value, for the length a message shows. Unknown keywords become `validation.<keyword>`.
 */
export function ajvErrorToValidation(error: ErrorObject, value: unknown): ValidationError {
  const limit = limitOf(error) ?? 0;
  switch (error.keyword) {
    // A required boolean must be true (`const: true`), which is "required" to the user.
    case 'required':
    case 'const':
      return validationError(REQUIRED_CODE);
    case 'type':
      return validationError('validation.type', { expected: expectedTypes(error) });
    case 'minLength':
    case 'maxLength':
      return validationError(`validation.${error.keyword}`, {
        limit,
        actual: typeof value === 'string' ? [...value].length : 0,
      });
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'maxItems':
      return validationError(`validation.${error.keyword}`, { limit });
    case 'format':
      return validationError(
        (error.params as { format?: unknown }).format === 'date'
          ? 'validation.date'
          : 'validation.format',
      );
    default:
      return validationError(`validation.${error.keyword}`);
  }
}

/**
 * Ajv's errors grouped by field, as validation codes, each code once per field. When a
 * field's own value has the wrong type nothing else about it is meaningful, so only the
 * type error is kept (as the client's keyword check does).
 */
export function ajvProblemsByField(
  errors: readonly ErrorObject[],
  data: Readonly<Record<string, unknown>>,
): Map<string, ValidationError[]> {
  const byField = new Map<string, ValidationError[]>();
  const wrongType = new Set<string>();
  for (const error of errors) {
    const fieldId = fieldOfAjvError(error);
    if (fieldId === undefined) continue;
    if (error.keyword === 'type' && error.instancePath.split('/').length === 2) {
      wrongType.add(fieldId);
    }
  }
  for (const error of errors) {
    const fieldId = fieldOfAjvError(error);
    if (fieldId === undefined) continue;
    const isOwnType = error.keyword === 'type' && error.instancePath.split('/').length === 2;
    if (wrongType.has(fieldId) && !isOwnType) continue;
    const value = Object.hasOwn(data, fieldId) ? data[fieldId] : undefined;
    const problem = ajvErrorToValidation(error, value);
    const list = byField.get(fieldId) ?? [];
    if (!list.some((known) => known.code === problem.code)) list.push(problem);
    byField.set(fieldId, list);
  }
  return byField;
}
