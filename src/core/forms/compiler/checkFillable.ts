import { dictionaryNameOf } from '../fields/dictionaries';
import type { PluginCatalog } from '../plugins/pluginCatalog';
import type { CompileWarning, ParsedForm } from './compileTypes';

/** Field types whose value is one of the choices they offer. */
const CHOICE_TYPES: ReadonlySet<string> = new Set(['dropdown', 'radio']);

/** Whether a choice field has choices, written in the form or from somewhere it names. */
function offersChoices(field: ParsedForm['form']['sections'][number]['fields'][number]): boolean {
  if ((field.options?.length ?? 0) > 0 || dictionaryNameOf(field) !== undefined) return true;
  const { optionsExpression, restUrl } = field.config;
  return typeof optionsExpression === 'string' || typeof restUrl === 'string';
}

/**
 * Finds fields nobody can fill in: an input field, not marked read-only, whose type's
 * widget only shows a value (`viewOnly`, such as `object`). In an editable task it would
 * sit there as "No data", and a required one would stop the task from ever completing,
 * so each is a `field.cannotBeFilled` warning naming the field and its type. An author who
 * means it to show data only marks it `readOnly`.
 *
 * A dropdown or radio group with no choice written in the form, from no dictionary, no
 * expression and no service, cannot be filled in either: `field.noChoices`.
 */
export function checkFillable(
  parsed: ParsedForm,
  catalog: PluginCatalog,
): readonly CompileWarning[] {
  const warnings: CompileWarning[] = [];
  parsed.form.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      if (field.readOnly) return;
      const path = parsed.fieldPaths[s]?.[f] ?? '';
      if (catalog.rulesOf(field.type).viewOnly) {
        warnings.push({
          code: 'field.cannotBeFilled',
          path,
          params: { fieldId: field.id, type: field.type },
        });
      } else if (CHOICE_TYPES.has(field.type) && !offersChoices(field)) {
        warnings.push({ code: 'field.noChoices', path, params: { fieldId: field.id } });
      }
    }),
  );
  return warnings;
}
