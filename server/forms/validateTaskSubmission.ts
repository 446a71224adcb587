import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { NormalizedOutcome } from '../../schemas/forms';
import { outcomeModeOf } from '../../src/core/forms/fields/outcomeMode';
import { FIELD_CATALOG } from '../../plugins/catalog';
import type { DatabaseSchema } from '../db/schema';
import { bindPartOptions, dictionariesForParts } from '../dictionaries/bindPartOptions';
import { AppError, type ErrorDetail } from '../errors';
import { fileBelongsTo } from '../files/fileRepository';
import { checkFormValues, type FieldProblem } from './checkFormValues';
import type { CompiledForm, CompiledPart, SaveMode } from './compileStoredForm';
import { formRepositoryFor } from './formRepository';
import { withStoredFileValues, withStoredFileValuesOfAnyKey } from './storedFileValues';
import { currentTaskValues, loadProcessVariables, type FormTask } from './taskFormValues';

/** How a submission is checked. */
export interface SubmissionOptions {
  /** `draft` for a save (no `required`, no blocking messages), `submit` for a completion. */
  readonly mode: SaveMode;
  /**
   * The part of a combined task being saved or completed. Required for a combined task's
   * draft; a completion comes from the last part, which it may name. For any other form it
   * may only name the task's formKey.
   */
  readonly formId?: string;
  /** The outcome button of a completion; it must be one of the form's submitting outcomes. */
  readonly outcome?: string;
  /** The clock formulas' `TODAY()` reads; the system clock by default. */
  readonly now?: () => Date;
}

/** The values to store (draft) or hand to the engine (submit), or why not. */
export type SubmissionResult =
  | {
      readonly ok: true;
      /** The form (or combined task's part) the values belong to; null for a task without a form. */
      readonly formId: string | null;
      readonly values: Record<string, unknown>;
    }
  | { readonly ok: false; readonly errors: readonly ErrorDetail[] };

const refuse = (
  path: string,
  code: string,
  params: Record<string, unknown> = {},
): SubmissionResult => ({ ok: false, errors: [{ path, code, params }] });

function withFormId(problems: readonly FieldProblem[], formId: string): ErrorDetail[] {
  return problems.map((problem) => ({ ...problem, params: { ...problem.params, formId } }));
}

// A completion must press one of the form's submitting buttons (a save button saves a
// draft instead); a form without outcomes takes any outcome, as Flowable's default does.
function outcomeProblem(
  outcomes: readonly NormalizedOutcome[],
  outcome: string | undefined,
): ErrorDetail | undefined {
  if (outcome === undefined || outcomes.length === 0) return undefined;
  const submitting = outcomes.filter((candidate) => outcomeModeOf(candidate.type) === 'submit');
  if (submitting.some((candidate) => candidate.key === outcome)) return undefined;
  return {
    path: 'outcome',
    code: 'validation.enum',
    params: { allowed: submitting.map((candidate) => candidate.key).join(', ') },
  };
}

function withOutcome(
  values: Record<string, unknown>,
  part: CompiledPart,
  outcome: string | undefined,
): Record<string, unknown> {
  const name = part.form.outcomeVariableName;
  if (outcome === undefined || name === undefined) return values;
  return Object.fromEntries([...Object.entries(values), [name, outcome]]);
}

function pick(
  values: Readonly<Record<string, unknown>>,
  part: CompiledPart,
): Record<string, unknown> {
  return Object.fromEntries(
    part.fields
      .filter((field) => Object.hasOwn(values, field.id))
      .map((field) => [field.id, values[field.id]]),
  );
}

// The part a combined task's completion comes from: its last usable part, the only one
// whose outcomes the page offers. An earlier part's own outcomes (a designer form reused as
// a part) would complete the task with that part alone, the later parts' required fields
// unchecked; naming such a part is refused.
function submittingPart(
  compiled: CompiledForm,
  options: SubmissionOptions,
): CompiledPart | undefined {
  const last = compiled.parts.filter((part) => part.resolved).at(-1);
  if (options.formId !== undefined && options.formId !== last?.formId) return undefined;
  return last;
}

/**
 * The fields whose value names a stored file that is not this task's own (another task's,
 * another tenant's, or none at all): ids are not secrets once a page has shown them, so a
 * form may only point at files uploaded to its task. A file the task already holds in that
 * field (a process variable handed on from an earlier step) is not the client's choice
 * and stays accepted.
 */
async function foreignFileProblems(
  db: Kysely<DatabaseSchema>,
  task: FormTask,
  part: CompiledPart,
  values: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const field of part.fields) {
    if (!Object.hasOwn(values, field.id)) continue;
    const rules = FIELD_CATALOG.rulesOf(field.type);
    const ids = rules.fileIds(values[field.id]);
    if (ids.length === 0) continue;
    const held = Object.hasOwn(stored, field.id)
      ? rules.fileIds(rules.sanitize(stored[field.id], field))
      : [];
    for (const id of ids) {
      if (held.includes(id) || (await fileBelongsTo(db, task.tenant, id, task.id))) continue;
      problems.push({ path: field.id, code: 'validation.file.notOwned', params: {} });
      break;
    }
  }
  return problems;
}

/**
 * Checks what a client wants to store on a task against the task's form, server-side and
 * without trusting the client: only the form's input fields are kept (unknown keys,
 * display-only and read-only fields are dropped), formulas and message conditions are
 * recomputed, the save schema and the field types' rules apply, and on submit required
 * fields and blocking message fields refuse the form. A combined task is checked part by
 * part: a draft saves one part (`formId`); a completion checks the submitting part's values
 * and every other part's saved values (its draft over the process variables) as
 * submissions, so no part may be left with required fields empty, and answers every part's
 * saved values merged, the submitting part last.
 *
 * A value naming a stored file is rebuilt from the file store first (its stored name, a
 * spreadsheet's rows and count read on upload), so what the client sent beside the id is
 * never stored. A task without a form accepts its other values as they are. The answer's
 * `values` are what to store: the draft (`mode: 'draft'`) or the variables to complete
 * with (`mode: 'submit'`, with the form's outcome variable set to the outcome).
 */
export async function validateTaskSubmission(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  task: FormTask,
  values: Readonly<Record<string, unknown>>,
  options: SubmissionOptions,
): Promise<SubmissionResult> {
  if (task.tenant !== tenant) throw new Error(`Task ${task.id} is not a task of ${tenant}`);
  const { mode } = options;
  // 1. No form: nothing to check against.
  const formKey = task.form_key;
  if (formKey === null) {
    if (options.formId !== undefined) return refuse('formId', 'validation.enum', { allowed: '' });
    return {
      ok: true,
      formId: null,
      values: await withStoredFileValuesOfAnyKey(
        { db, tenant, instanceId: task.instance_id },
        values,
      ),
    };
  }
  const repository = formRepositoryFor(db);
  const compiled = await repository.compiledForDefinition(tenant, formKey, task.definition_id);
  if (!compiled) return refuse('', 'form.notFound', { formId: formKey });
  // 2. What the task holds now: read-only fields keep it, formulas read it.
  const stored = currentTaskValues(await loadProcessVariables(db, task), task);
  // A dictionary field's choices are the tenant's active entries, read now.
  const dictionaries = await dictionariesForParts(db, tenant, compiled.parts);
  // A file's name, rows and row count are the store's, whatever was sent beside its id.
  const run = async (part: CompiledPart, sent: Readonly<Record<string, unknown>>, as: SaveMode) =>
    checkFormValues({
      part: bindPartOptions(part, dictionaries),
      mode: as,
      submitted: await withStoredFileValues({
        db,
        tenant,
        instanceId: task.instance_id,
        part,
        values: sent,
        held: stored,
      }),
      stored,
      ...(options.now ? { now: options.now } : {}),
    });
  // 3. A plain or designer form: one part.
  if (compiled.stored.kind !== 'combined') {
    const [part] = compiled.parts;
    if (!part) return refuse('', 'form.notFound', { formId: formKey });
    if (options.formId !== undefined && options.formId !== part.formId) {
      return refuse('formId', 'validation.enum', { allowed: part.formId });
    }
    const result = await run(part, values, mode);
    const outcome =
      mode === 'submit' ? outcomeProblem(part.form.outcomes, options.outcome) : undefined;
    const errors: ErrorDetail[] = [
      ...(result.ok ? await foreignFileProblems(db, task, part, result.values, stored) : []),
      ...(result.ok ? [] : result.problems),
      ...(outcome ? [outcome] : []),
    ];
    if (!result.ok || errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      formId: part.formId,
      values: mode === 'submit' ? withOutcome(result.values, part, options.outcome) : result.values,
    };
  }
  // 4. A combined task's draft: one named part.
  const usable = compiled.parts.filter((part) => part.resolved);
  const allowed = usable.map((part) => part.formId).join(', ');
  if (mode === 'draft') {
    if (options.formId === undefined) return refuse('formId', 'validation.required', { allowed });
    const part = usable.find((candidate) => candidate.formId === options.formId);
    if (!part) return refuse('formId', 'validation.enum', { allowed });
    const result = await run(part, values, 'draft');
    if (!result.ok) return { ok: false, errors: withFormId(result.problems, part.formId) };
    const foreign = await foreignFileProblems(db, task, part, result.values, stored);
    if (foreign.length > 0) return { ok: false, errors: withFormId(foreign, part.formId) };
    return { ok: true, formId: part.formId, values: result.values };
  }
  // 5. A combined task's completion: every part strictly, the others from what is saved.
  const target = submittingPart(compiled, options);
  if (!target) {
    return refuse('formId', 'validation.enum', { allowed: usable.at(-1)?.formId ?? '' });
  }
  const errors: ErrorDetail[] = [];
  const merged: [string, unknown][] = [];
  for (const part of usable) {
    if (part === target) continue;
    // Every part must be complete, not only the one that submits: a task completed from
    // its last part with required fields of an earlier part empty is refused.
    const saved = pick(task.variables, part);
    const result = await run(part, pick(stored, part), 'submit');
    if (!result.ok) errors.push(...withFormId(result.problems, part.formId));
    else merged.push(...Object.entries(result.values).filter(([id]) => Object.hasOwn(saved, id)));
  }
  const result = await run(target, values, 'submit');
  if (!result.ok) errors.push(...withFormId(result.problems, target.formId));
  else {
    const foreign = await foreignFileProblems(db, task, target, result.values, stored);
    errors.push(...withFormId(foreign, target.formId));
  }
  const outcome = outcomeProblem(target.form.outcomes, options.outcome);
  if (outcome) errors.push({ ...outcome, params: { ...outcome.params, formId: target.formId } });
  if (!result.ok || errors.length > 0) return { ok: false, errors };
  merged.push(...Object.entries(withOutcome(result.values, target, options.outcome)));
  return { ok: true, formId: target.formId, values: Object.fromEntries(merged) };
}

/**
 * `validateTaskSubmission`, answering the values to store or throwing the 422
 * `VALIDATION_ERROR` whose `details` list every problem (`{ path, code, params }`).
 */
export async function requireValidSubmission(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  task: FormTask,
  values: Readonly<Record<string, unknown>>,
  options: SubmissionOptions,
): Promise<{ formId: string | null; values: Record<string, unknown> }> {
  const result = await validateTaskSubmission(db, tenant, task, values, options);
  if (!result.ok) {
    throw new AppError(422, ErrorCode.validation, 'The form has problems.', {
      details: [...result.errors],
    });
  }
  return { formId: result.formId, values: result.values };
}
