import type { CompileError } from './compileTypes';

/** The longest `editorJson` text read: well above the largest real form model. */
export const MAX_EDITOR_JSON_CHARS = 5_000_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What `readPlainExport` answers: the definition to compile, or why it cannot be read. */
export type PlainExportRead =
  | { readonly definition: unknown; readonly error?: undefined }
  | { readonly definition?: undefined; readonly error: CompileError };

/**
 * Reads a Flowable form model the way Flowable's modeler and app exports write it, before
 * the schema sees it:
 * - the body under `editorJson` beside the model's `key`, `name` and `description`, as an
 *   object or as the same JSON written as text (parsed as data, never run);
 * - the model under `formRepresentation`, as Alfresco Process Services and Activiti export it;
 * - field ids written as numbers (`"id": 3`), which become their text;
 * - a field without an id, which gets an empty one, so that it is named and reported
 *   (`field.missingId`) with the form's other problems instead of stopping the check.
 * Anything else is answered as it was; the caller's object is never changed.
 */
export function readPlainExport(written: unknown): PlainExportRead {
  if (!isObject(written)) return { definition: written };
  const definition = unwrapRepresentation(written);
  let read: Record<string, unknown> = definition;
  const editorJson = definition.editorJson;
  if (typeof editorJson === 'string') {
    const body = parseEditorJson(editorJson);
    if (body === undefined) {
      return {
        error: { code: 'schema.type', path: '/editorJson', params: { type: 'object' } },
      };
    }
    read = { ...definition, editorJson: body };
  }
  return { definition: needsIdRepair(read) ? repairIds(read) : read };
}

/**
 * Alfresco Process Services and Activiti's modelling app export a form as
 * `{ "formRepresentation": { id, name, formDefinition: { fields, outcomes } }, ... }`: the
 * model is the representation, when nothing beside it is a form body.
 */
function unwrapRepresentation(written: Record<string, unknown>): Record<string, unknown> {
  const representation = written.formRepresentation;
  const hasBody = ['fields', 'formDefinition', 'editorJson'].some((name) => name in written);
  return isObject(representation) && !hasBody ? representation : written;
}

function parseEditorJson(text: string): Record<string, unknown> | undefined {
  if (text.length > MAX_EDITOR_JSON_CHARS) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return isObject(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

// Every field object of every `fields` list under the form's bodies: a flat list, the
// engine's list of rows, or Flowable UI's map of column to fields. An explicit stack, so a
// deep definition cannot overflow the call stack (the size check comes after this step).
function* fieldsOf(form: Record<string, unknown>): Generator<Record<string, unknown>> {
  const stack: unknown[] = [form.fields];
  for (const body of [form.formDefinition, form.editorJson]) {
    if (isObject(body)) stack.push(body.fields);
  }
  while (stack.length > 0) {
    const list = stack.pop();
    const items = Array.isArray(list) ? list : isObject(list) ? Object.values(list) : [];
    for (const item of items) {
      if (Array.isArray(item)) stack.push(item);
      else if (isObject(item)) {
        yield item;
        stack.push(item.fields);
      }
    }
  }
}

function needsIdRepair(form: Record<string, unknown>): boolean {
  for (const field of fieldsOf(form)) if (typeof field.id !== 'string') return true;
  return false;
}

// A copy (JSON data only, so structuredClone keeps all of it) with each id made text.
function repairIds(form: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(form);
  for (const field of fieldsOf(copy)) {
    if (typeof field.id === 'number' && Number.isFinite(field.id)) field.id = String(field.id);
    else if (field.id === undefined || field.id === null) field.id = '';
  }
  return copy;
}
