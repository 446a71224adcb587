import type { CompileOptions, CompileResult } from './compileTypes';
import type { CombinedTask, DesignerForm, PlainForm } from '../../../schemas/forms';
import { checkFormulas } from './checkFormulas';
import { dedupeFieldIds } from './dedupeFieldIds';
import { detectFormKind } from './detectFormKind';
import { parseCombinedTask } from './parseCombinedTask';
import { parseDesignerForm } from './parseDesignerForm';
import { parsePlainForm } from './parsePlainForm';
import { validateDefinition } from './validateDefinition';

/**
 * Compiles a form definition of any format into the one normalised form. Only a
 * definition that fails its format's schema is refused (`form: null` and `errors`);
 * every other problem comes back as a warning next to a usable form, because a task
 * page must show something even when a user-made form has a slip in it.
 */
export function compileForm(definition: unknown, options: CompileOptions = {}): CompileResult {
  // 1. The format: forced by the caller, else read from the id prefix.
  const kind = options.kind ?? detectFormKind(definition);
  // 2. The format's schema decides whether the definition can be read at all.
  const errors = validateDefinition(kind, definition);
  if (errors.length > 0) return { form: null, warnings: [], errors };
  // 3. Parse; a combined task compiles each of its forms on its own.
  if (kind === 'combined') {
    const parsed = parseCombinedTask(definition as CombinedTask, options);
    return { form: parsed.form, warnings: parsed.warnings, errors: [] };
  }
  const parsed =
    kind === 'designer'
      ? parseDesignerForm(definition as DesignerForm)
      : parsePlainForm(definition as PlainForm, options.formId);
  // 4. Unique ids, then formulas checked against the final ids.
  const finished = checkFormulas(dedupeFieldIds(parsed));
  return { form: finished.form, warnings: finished.warnings, errors: [] };
}
