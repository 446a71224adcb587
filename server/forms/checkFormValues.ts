import type { ValidateFunction } from 'ajv';
import { COMPUTED_TYPES } from '../../src/core/forms/compiler/fieldTraits';
import { PATTERN_CODE, patternErrorParams } from '../../src/core/forms/compiler/patternExample';
import { isFormulaError, recalculate } from '../../src/core/forms/formula';
import {
  MESSAGE_BLOCKS_CODE,
  type ValidationParam,
} from '../../src/core/forms/fields/validationError';
import { ajvProblemsByField } from './ajvProblems';
import type { CompiledPart, SaveMode } from './compileStoredForm';
import { fieldRuleErrors, isEmptyFieldValue } from './fieldRules';

/** One refused field: its id, the validation code and the message's params. */
export interface FieldProblem {
  readonly path: string;
  readonly code: string;
  readonly params: Readonly<Record<string, ValidationParam>>;
}

/** What a form's values are checked with. */
export interface FormValueCheck {
  readonly part: CompiledPart;
  /** The part's Ajv validator for `mode`. */
  readonly validate: ValidateFunction;
  readonly mode: SaveMode;
  /** What the client sent, by field id. */
  readonly submitted: Readonly<Record<string, unknown>>;
  /** What the task holds now (process variables overlaid by the draft): read-only values. */
  readonly stored: Readonly<Record<string, unknown>>;
  /** The clock `TODAY()` reads. */
  readonly now?: () => Date;
}

/** The values to store, or the fields that refused them. */
export type FormValueResult =
  | { readonly ok: true; readonly values: Record<string, unknown> }
  | { readonly ok: false; readonly problems: readonly FieldProblem[] };

const own = (values: Readonly<Record<string, unknown>>, id: string): unknown =>
  Object.hasOwn(values, id) ? values[id] : undefined;

/**
 * Checks a save or submit of one form (or one part of a combined task) against the
 * compiled form; nothing the client sends is taken on trust:
 *
 * 1. only the form's own input fields are read; other keys, display-only fields and
 *    read-only fields are dropped (a read-only field keeps the task's value);
 * 2. formulas and message conditions are recomputed here, and the client's values for
 *    them are ignored;
 * 3. the save schema (Ajv, every error) and the field types' own rules check the inputs;
 *    an empty value meets only `required` (submit mode), as in the browser;
 * 4. on submit, a blocking message field whose rule is false refuses the form.
 *
 * Answers the values to store (inputs as sent, computed fields as recomputed, formula
 * errors as null) or every problem, by field, in form order.
 */
export function checkFormValues(check: FormValueCheck): FormValueResult {
  const { part, mode } = check;
  // 1. Inputs from the client, read-only values from the task.
  const scope: Record<string, unknown> = {};
  const inputs: [string, unknown][] = [];
  for (const field of part.fields) {
    if (COMPUTED_TYPES.has(field.type)) continue;
    const value = field.readOnly ? own(check.stored, field.id) : own(check.submitted, field.id);
    if (value === undefined) continue;
    Object.defineProperty(scope, field.id, { value, enumerable: true });
    if (!field.readOnly) inputs.push([field.id, value]);
  }
  // 2. Computed fields, from those inputs only.
  const recalculated = recalculate(part.graph, scope, null, check.now ? { now: check.now } : {});
  const computed: [string, unknown][] = [];
  for (const field of part.fields) {
    if (!COMPUTED_TYPES.has(field.type)) continue;
    const result = Object.hasOwn(recalculated.values, field.id)
      ? recalculated.values[field.id]
      : null;
    computed.push([field.id, result === undefined || isFormulaError(result) ? null : result]);
  }
  // 3. Schema and field rules on the filled-in inputs.
  const fieldsById = new Map(part.fields.map((field) => [field.id, field]));
  const filled = Object.fromEntries(
    inputs.filter(([id, value]) => {
      const field = fieldsById.get(id);
      return field !== undefined && !isEmptyFieldValue(value, field);
    }),
  );
  check.validate(filled);
  const schemaProblems = ajvProblemsByField(check.validate.errors ?? [], filled);
  const problems: FieldProblem[] = [];
  for (const field of part.fields) {
    if (field.readOnly || COMPUTED_TYPES.has(field.type)) continue;
    const fromSchema = schemaProblems.get(field.id) ?? [];
    const errors = Object.hasOwn(filled, field.id)
      ? [...fieldRuleErrors(filled[field.id], field)]
      : [];
    const ruled = errors.length > 0;
    for (const error of fromSchema) {
      // A type's own code (`validation.number`) stands in for the schema's type error.
      if (error.code === 'validation.type' && ruled) continue;
      if (errors.some((known) => known.code === error.code)) continue;
      // A pattern error names the expected format, as the browser's does.
      errors.push(
        error.code === PATTERN_CODE
          ? { code: PATTERN_CODE, params: { ...error.params, ...patternErrorParams(field) } }
          : error,
      );
    }
    for (const error of errors) problems.push({ path: field.id, ...error });
  }
  // 4. Blocking messages stop a submit; a draft keeps unfinished work.
  if (mode === 'submit') {
    const values = new Map(computed);
    for (const field of part.fields) {
      if (field.type !== 'error-messages' || field.config.blockIfFalse !== true) continue;
      if (values.get(field.id) === false) {
        problems.push({ path: field.id, code: MESSAGE_BLOCKS_CODE, params: {} });
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, values: Object.fromEntries([...inputs, ...computed]) };
}
