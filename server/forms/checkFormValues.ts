import { isFormulaError, recalculate } from '../../src/core/forms/formula';
import type { ValidationParam } from '../../src/core/forms/fields/validationError';
import { FIELD_CATALOG } from '../../plugins/catalog';
import type { PluginCatalog } from '../../src/core/forms/plugins/pluginCatalog';
import { hiddenFieldIds } from '../../src/core/forms/visibility/evaluateVisibility';
import type { CompiledPart, SaveMode } from './compileStoredForm';
import { validateFormValues } from '../../plugins/compiler';

/** One refused field: its id, the validation code and the message's params. */
export interface FieldProblem {
  readonly path: string;
  readonly code: string;
  readonly params: Readonly<Record<string, ValidationParam>>;
}

/** What a form's values are checked with. */
export interface FormValueCheck {
  readonly part: CompiledPart;
  readonly mode: SaveMode;
  /** What the client sent, by field id. */
  readonly submitted: Readonly<Record<string, unknown>>;
  /** What the task holds now (process variables overlaid by the draft): read-only values. */
  readonly stored: Readonly<Record<string, unknown>>;
  /** The clock `TODAY()` reads. */
  readonly now?: () => Date;
  /** The field types' rules; the app's plugin folders by default (tests pass their own). */
  readonly catalog?: PluginCatalog;
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
 * 3. every field is checked by the shared core's `validateFormValues`, the function the
 *    browser runs: the plugin's rules and the field's schema keywords, `required` and
 *    blocking messages only on submit; a field its visibility condition hides is
 *    neither checked nor stored.
 *
 * Answers the values to store (inputs as their plugin saves them, computed fields as
 * recomputed, formula errors as null) or every problem, by field, in form order.
 */
export function checkFormValues(check: FormValueCheck): FormValueResult {
  const { part, mode } = check;
  const catalog = check.catalog ?? FIELD_CATALOG;
  // 1. Inputs from the client, read-only values from the task.
  const scope: Record<string, unknown> = {};
  const inputs: [string, unknown][] = [];
  const raw: [string, unknown][] = [];
  for (const field of part.fields) {
    const rules = catalog.rulesOf(field.type);
    if (rules.computed) continue;
    const value = field.readOnly ? own(check.stored, field.id) : own(check.submitted, field.id);
    if (value === undefined) continue;
    Object.defineProperty(scope, field.id, { value, enumerable: true });
    // What is stored is what the plugin saves (the browser sends it so already); what is
    // checked is what was sent, so a value the plugin cannot read is refused, not lost.
    if (!field.readOnly) {
      raw.push([field.id, value]);
      inputs.push([field.id, rules.sanitize(value, field)]);
    }
  }
  // 2. Computed fields, from those inputs only.
  const recalculated = recalculate(part.graph, scope, null, check.now ? { now: check.now } : {});
  const computed: [string, unknown][] = [];
  for (const field of part.fields) {
    if (!catalog.rulesOf(field.type).computed) continue;
    const result = Object.hasOwn(recalculated.values, field.id)
      ? recalculated.values[field.id]
      : null;
    computed.push([field.id, result === undefined || isFormulaError(result) ? null : result]);
  }
  // 3. The one validation of a form's values, on the inputs and the recomputed values;
  //    fields their conditions hide are skipped.
  const checked = Object.fromEntries([...raw, ...computed]);
  const errors = validateFormValues(part.fields, checked, { mode, rulesOf: catalog.rulesOf });
  const problems: FieldProblem[] = [];
  for (const [path, fieldErrors] of errors) {
    for (const error of fieldErrors) problems.push({ path, ...error });
  }
  if (problems.length > 0) return { ok: false, problems };
  // 4. A hidden field's value is not stored, whatever the client sent for it.
  const hidden = hiddenFieldIds(part.fields, checked);
  const kept = inputs.filter(([fieldId]) => !hidden.has(fieldId));
  return { ok: true, values: Object.fromEntries([...kept, ...computed]) };
}
