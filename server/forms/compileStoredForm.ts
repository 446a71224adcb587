import type { FormKind, NormalizedField, NormalizedForm } from '../../schemas/forms';
import { collectFormulas, type CompileWarning } from '../../src/core/forms/compiler';
import type { PluginCatalog } from '../../src/core/forms/plugins/pluginCatalog';
import { partAsForm } from '../../src/core/forms/compiler/partAsForm';
import { buildDependencyGraph, type DependencyGraph } from '../../src/core/forms/formula';
import type { StoredForm } from './storedForm';
import { FIELD_CATALOG } from '../../plugins/catalog';
import { compileForm } from '../../plugins/compiler';

/** How strictly a save is checked: a draft keeps unfinished work, a submit completes. */
export type SaveMode = 'draft' | 'submit';

/**
 * One form as it is saved: a plain or designer form, or one part of a combined task
 * (each part of a combined task is saved on its own, with its own ids and formulas).
 */
export interface CompiledPart {
  /** The id the part is saved under: the form id, or a combined task's part id. */
  readonly formId: string;
  readonly kind: FormKind;
  /** False for a combined task's reference that names no usable form: it has no fields. */
  readonly resolved: boolean;
  /** The part as a form of its own. */
  readonly form: NormalizedForm;
  /** The fields that hold a value, the first of each id, in form order. */
  readonly fields: readonly NormalizedField[];
  /** The formula and message-condition graph of the part. */
  readonly graph: DependencyGraph;
}

/** A stored form compiled: the whole normalised form and its saveable parts. */
export interface CompiledForm {
  readonly stored: StoredForm;
  /** The referenced forms a combined task was compiled with, by id. */
  readonly refs: ReadonlyMap<string, StoredForm>;
  readonly form: NormalizedForm;
  readonly warnings: readonly CompileWarning[];
  /** One part for a plain or designer form; one per `forms` entry of a combined task. */
  readonly parts: readonly CompiledPart[];
}

/** Thrown when a stored definition no longer compiles; definitions are checked when stored. */
export class StoredFormInvalidError extends Error {
  override name = 'StoredFormInvalidError';
}

function valueFields(form: NormalizedForm): NormalizedField[] {
  const seen = new Set<string>();
  const fields: NormalizedField[] = [];
  for (const section of form.sections) {
    for (const field of section.fields) {
      // The first field of an id wins, as in the client's schema and validator.
      if (field.valueType === 'none' || seen.has(field.id)) continue;
      seen.add(field.id);
      fields.push(field);
    }
  }
  return fields;
}

function toPart(
  formId: string,
  kind: FormKind,
  resolved: boolean,
  form: NormalizedForm,
  catalog: PluginCatalog,
) {
  const part: CompiledPart = {
    formId,
    kind,
    resolved,
    form,
    fields: valueFields(form),
    graph: buildDependencyGraph(collectFormulas(form, catalog.rulesOf)),
  };
  return part;
}

/**
 * Compiles a stored definition the way the task page does, a combined task with `refs`
 * resolving its `{ ref }` forms, and prepares what saves need: each part's value fields
 * and formula graph. Pure; the repository caches the result per version. `catalog` is
 * the field types to compile with (the app's plugin folders unless a test brings its own).
 */
export function compileStoredForm(
  stored: StoredForm,
  refs: ReadonlyMap<string, StoredForm>,
  catalog: PluginCatalog = FIELD_CATALOG,
): CompiledForm {
  const result = compileForm(stored.definition, {
    catalog,
    kind: stored.kind,
    formId: stored.id,
    resolveForm: (ref) => refs.get(ref)?.definition,
  });
  if (!result.form) {
    throw new StoredFormInvalidError(
      `Stored form ${stored.id} v${stored.version} does not compile: ${result.errors
        .map((error) => `${error.code} at ${error.path || '/'}`)
        .join(', ')}`,
    );
  }
  const form = result.form;
  const parts =
    stored.kind === 'combined'
      ? (form.parts ?? []).map((part) =>
          toPart(part.formId, part.kind, part.resolved, partAsForm(form, part), catalog),
        )
      : [toPart(stored.id, stored.kind, true, form, catalog)];
  return { stored, refs, form, warnings: result.warnings, parts };
}
