import type { JSONSchema7 } from 'json-schema';
import type { NormalizedField } from '../../../../schemas/forms';
import { fieldValueSchema } from '../compiler/fieldValueSchema';
import { PATTERN_CODE, patternErrorParams } from '../compiler/patternExample';
import { REQUIRED_CODE, validationError, type ValidationError } from '../fields/validationError';
import type { FieldRules } from '../plugins/defineFieldRules';
import { hiddenFieldIds } from '../visibility/evaluateVisibility';
import { checkSchemaKeywords } from './checkSchemaKeywords';

/**
 * How strictly values are checked: `submit` completes a task (required fields, blocking
 * messages); `draft` keeps unfinished work but still wants values of the right shape.
 */
export type ValidationMode = 'draft' | 'submit';

/** The errors of every field that has any, by field id, in form order. */
export type FieldErrors = Map<string, readonly ValidationError[]>;

/** How one field is checked. */
export interface FieldValueOptions {
  /** `submit` by default. */
  readonly mode?: ValidationMode;
  /**
   * The field's value schema, when the caller already has it (the browser's rjsf schema,
   * with localised option titles); derived from the field otherwise.
   */
  readonly schema?: JSONSchema7;
}

const NONE: readonly ValidationError[] = Object.freeze([]);

// Keyword errors that only say the value has the wrong shape: a plugin that refused the
// value has already said why, more precisely (a date field names the month or the day).
const SHAPE_CODES: ReadonlySet<string> = new Set(['validation.type', 'validation.date']);

// Each field's value schema under its type's rules, built the first time the field is
// checked and kept as long as the field object lives: a keystroke or a repeated save builds
// nothing.
const schemasByRules = new WeakMap<FieldRules, WeakMap<NormalizedField, JSONSchema7 | null>>();

function schemaOf(field: NormalizedField, rules: FieldRules): JSONSchema7 | undefined {
  let schemas = schemasByRules.get(rules);
  if (!schemas) {
    schemas = new WeakMap();
    schemasByRules.set(rules, schemas);
  }
  let schema = schemas.get(field);
  if (schema === undefined) {
    schema = fieldValueSchema(field, { catalog: { rulesOf: () => rules } }) ?? null;
    schemas.set(field, schema);
  }
  return schema ?? undefined;
}

/**
 * The errors of one field's raw value, as the browser shows them and the server refuses
 * them: the one rule both sides run, so they answer the same codes for the same input.
 *
 * 1. Display-only fields hold nothing; a read-only input keeps what the task holds, so
 *    neither is checked (the user could not fix it).
 * 2. Computed fields (formulas, message conditions) answer only their plugin's own rule on
 *    submit: a blocking message whose rule is false.
 * 3. The raw value is sanitised as it would be saved; an empty one meets only `required`,
 *    and only on submit.
 * 4. The plugin's rules, then the schema's basic keywords the plugin did not already
 *    report; a plugin's specific code (`validation.number`) stands in for a type error.
 */
export function validateFieldValue(
  field: NormalizedField,
  rules: FieldRules,
  raw: unknown,
  options: FieldValueOptions = {},
): readonly ValidationError[] {
  const submit = (options.mode ?? 'submit') === 'submit';
  // 1. Nothing to check.
  if (rules.displayOnly) return NONE;
  // 2. Computed values.
  if (rules.computed) {
    if (!submit) return NONE;
    const value = rules.sanitize(raw, field);
    if (rules.isEmpty(value)) return NONE;
    const errors = rules.validate(value, field);
    return errors.length > 0 ? errors : NONE;
  }
  if (field.readOnly) return NONE;
  // 3. Sanitise; empty meets only `required`.
  const value = rules.sanitize(raw, field);
  if (rules.isEmpty(value)) {
    return submit && field.required ? [validationError(REQUIRED_CODE)] : NONE;
  }
  // 4. The plugin's rules, then the schema's keywords without repeating a code.
  const errors = [...rules.validate(value, field)];
  const keywords = options.schema ?? schemaOf(field, rules);
  if (keywords) {
    const seen = new Set(errors.map((error) => error.code));
    const ruled = errors.length > 0;
    for (const error of checkSchemaKeywords(value, keywords)) {
      if (seen.has(error.code) || (SHAPE_CODES.has(error.code) && ruled)) continue;
      seen.add(error.code);
      // A pattern error names the expected format when the field shows one.
      errors.push(
        error.code === PATTERN_CODE
          ? validationError(PATTERN_CODE, { ...error.params, ...patternErrorParams(field) })
          : error,
      );
    }
  }
  return errors.length > 0 ? errors : NONE;
}

/** What a whole form's values are checked with. */
export interface FormValuesOptions {
  /** `submit` by default. */
  readonly mode?: ValidationMode;
  /**
   * A type's rules: the server passes the app's catalog (`plugins/catalog.ts`), the browser
   * its registry's plugins (whose rules are the same folders' `rules.ts`), tests their own.
   */
  readonly rulesOf: (type: string) => FieldRules;
  /** A field's value schema by field id, when the caller has its own (the browser's). */
  readonly schemaOf?: (fieldId: string) => JSONSchema7 | undefined;
}

/**
 * The errors of a form's values, field by field in form order (the first field of a
 * repeated id), with `validateFieldValue`; fields hidden by their visibility conditions
 * for these values are skipped. The browser's runtime runs it on submit and,
 * one field at a time, on each keystroke; the server's save and complete checks run it on
 * what the client sent (computed fields recomputed), so both refuse alike.
 */
export function validateFormValues(
  fields: Iterable<NormalizedField>,
  values: Readonly<Record<string, unknown>>,
  options: FormValuesOptions,
): FieldErrors {
  const { rulesOf } = options;
  const result: FieldErrors = new Map();
  // A field its condition hides is neither checked nor required: it is not sent.
  const list = [...fields];
  const hidden = hiddenFieldIds(list, values);
  for (const field of list) {
    if (result.has(field.id) || hidden.has(field.id)) continue;
    const schema = options.schemaOf?.(field.id);
    const errors = validateFieldValue(
      field,
      rulesOf(field.type),
      Object.hasOwn(values, field.id) ? values[field.id] : undefined,
      { ...(options.mode ? { mode: options.mode } : {}), ...(schema ? { schema } : {}) },
    );
    if (errors.length > 0) result.set(field.id, errors);
  }
  return result;
}
