import type { CompileError, CompileOptions, CompileResult, ParsedForm } from './compileTypes';
import type { CombinedTask, DesignerForm, PlainForm } from '../../../../schemas/forms';
import { checkDictionaryNames } from './checkDictionaryNames';
import { checkFillable } from './checkFillable';
import { checkFormulas } from './checkFormulas';
import { checkVisibility } from './checkVisibility';
import { dedupeFieldIds } from './dedupeFieldIds';
import { detectFormKind } from './detectFormKind';
import { MAX_FORM_FIELDS, measureDefinition } from './measureDefinition';
import { parseCombinedTask } from './parseCombinedTask';
import { parseDesignerForm } from './parseDesignerForm';
import { parsePlainForm } from './parsePlainForm';
import { readPlainExport } from './readPlainExport';
import { validateDefinition } from './validateDefinition';

/**
 * Compiles a form definition of any format into the one normalised form. Only a
 * definition that breaks a size limit or fails its format's schema is refused
 * (`form: null` and `errors`); every other problem comes back as a warning next to a
 * usable form, because a task page must show something even when a user-made form has a
 * slip in it.
 */
export function compileForm(written: unknown, options: CompileOptions): CompileResult {
  // 1. The format: forced by the caller, else read from the id prefix. A Flowable model is
  //    read as its exports write it (body under `editorJson`, numeric ids) first.
  const kind = options.kind ?? detectFormKind(written);
  const read = kind === 'plain' ? readPlainExport(written) : { definition: written };
  if (read.error) return { form: null, warnings: [], errors: [read.error] };
  const definition = read.definition;
  // 2. The size, before anything recursive reads the definition: a form of 20,000 fields
  //    or containers nested 300 deep is refused with a code, not a stack overflow.
  const measure = measureDefinition(definition);
  if (measure.error) return { form: null, warnings: [], errors: [measure.error] };
  // 3. The format's schema decides whether the definition can be read at all.
  const errors = validateDefinition(kind, definition, options.catalog);
  if (errors.length > 0) return { form: null, warnings: [], errors };
  // 4. Parse; a combined task compiles each of its forms on its own, and all of them
  //    together count against the field limit.
  if (kind === 'combined') {
    const tooMany = combinedSizeError(definition as CombinedTask, measure.fields, options);
    if (tooMany) return { form: null, warnings: [], errors: [tooMany] };
    return finish(parseCombinedTask(definition as CombinedTask, options), options);
  }
  const parsed =
    kind === 'designer'
      ? parseDesignerForm(definition as DesignerForm, options.catalog)
      : parsePlainForm(definition as PlainForm, options.catalog, options.formId);
  // 5. Unique ids, then formulas and visibility conditions checked against the final ids.
  return finish(checkVisibility(checkFormulas(dedupeFieldIds(parsed), options.catalog)), options);
}

// 6. Fields nobody can fill in, then the dictionaries fields name, when the caller knows
//    the tenant's.
function finish(parsed: ParsedForm, options: CompileOptions): CompileResult {
  const unfillable = checkFillable(parsed, options.catalog);
  const warnings = [
    ...parsed.warnings,
    ...unfillable,
    ...(options.dictionaries
      ? checkDictionaryNames(parsed.form, parsed.fieldPaths, options.dictionaries)
      : []),
  ];
  return { form: parsed.form, warnings, errors: [] };
}

// The fields of a combined task's inline forms and of the forms it names, together: each
// named form is within the limit on its own, but fifty of them are not one form's worth.
function combinedSizeError(
  definition: CombinedTask,
  inlineFields: number,
  options: CompileOptions,
): CompileError | undefined {
  let count = inlineFields;
  for (const item of definition.forms) {
    if (!('ref' in item) || typeof item.ref !== 'string') continue;
    // A named form that breaks a limit itself is refused as that part (`combined.invalidForm`).
    const named = measureDefinition(options.resolveForm?.(item.ref));
    if (!named.error) count += named.fields;
  }
  if (count <= MAX_FORM_FIELDS) return undefined;
  return { code: 'limit.tooManyFields', path: '/forms', params: { limit: MAX_FORM_FIELDS, count } };
}
