import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { READONLY_TYPE, servedValueId } from '../../plugins/readonly/source';
import type { CompiledPart } from './compileStoredForm';

/** What the forms area reads of a task row; the tasks area's stored task fits it. */
export type FormTask = Pick<
  Selectable<DatabaseSchema['tasks']>,
  | 'id'
  | 'tenant'
  | 'instance_id'
  | 'definition_id'
  | 'form_key'
  | 'state'
  | 'assignee'
  | 'variables'
>;

/** The variables of the task's process instance; none if the instance is gone. */
export async function loadProcessVariables(
  db: Kysely<DatabaseSchema>,
  task: FormTask,
): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('process_instances')
    .select('variables')
    .where('tenant', '=', task.tenant)
    .where('id', '=', task.instance_id)
    .executeTakeFirst();
  return row?.variables ?? {};
}

/**
 * What the task's form holds now: the process variables overlaid by the task's own
 * values, which are the assignee's draft while it is open and what was submitted once it
 * is completed (the way Flowable fills a form from the variables in scope).
 */
export function currentTaskValues(
  processVariables: Readonly<Record<string, unknown>>,
  task: FormTask,
): Record<string, unknown> {
  return { ...processVariables, ...task.variables };
}

/**
 * The values of the parts' fields only, in form order. A form answer carries no other
 * process variables: reading every variable is the access-variables privilege's call.
 * An APS display-value field (`readonly`) gets the value of the variable its author named
 * in it, under its own id; it is shown, never saved (a save reads value fields only).
 */
export function pickPartValues(
  values: Readonly<Record<string, unknown>>,
  parts: readonly CompiledPart[],
): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    // The value fields, and the display values, which hold no value of their own (a part's
    // `fields` leaves them out) but show their source's.
    const valueIds = new Set(part.fields.map((field) => field.id));
    for (const section of part.form.sections) {
      for (const field of section.fields) {
        if (!valueIds.has(field.id) && field.type !== READONLY_TYPE) continue;
        const from = servedValueId(field);
        if (seen.has(field.id) || !Object.hasOwn(values, from)) continue;
        seen.add(field.id);
        entries.push([field.id, values[from]]);
      }
    }
  }
  // fromEntries defines own properties, so no id can reach Object.prototype.
  return Object.fromEntries(entries);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A Flowable form model with each input field's `value` set to the current value, as
 * Flowable's task-forms endpoint answers. Walks containers however their `fields` are
 * written (a list, a list of rows, or a map of columns). Only ids in `values` are
 * touched, and display fields never are (their `value` is their text or link). The
 * stored definition is not changed.
 */
export function fillPlainFormValues(
  definition: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
  inputIds: ReadonlySet<string>,
): Record<string, unknown> {
  const copy = structuredClone(definition) as Record<string, unknown>;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isRecord(node)) return;
    const id = node.id;
    if (typeof id === 'string' && inputIds.has(id) && Object.hasOwn(values, id)) {
      node.value = values[id];
    }
    if (node.fields !== undefined) {
      visit(isRecord(node.fields) ? Object.values(node.fields) : node.fields);
    }
  };
  visit(copy.fields);
  if (isRecord(copy.formDefinition)) visit(copy.formDefinition.fields);
  return copy;
}
