import { FIELD_CATALOG } from '../plugins/fieldCatalog';
import type { PluginCatalog } from '../plugins/pluginCatalog';
import type { CompileWarning, ParsedForm } from './compileTypes';

/**
 * Finds fields nobody can fill in: an input field, not marked read-only, whose type's
 * widget only shows a value (`viewOnly`, such as `object`). In an editable task it would
 * sit there as "No data", and a required one would stop the task from ever completing,
 * so each is a `field.cannotBeFilled` warning naming the field and its type. An author who
 * means it to show data only marks it `readOnly`.
 */
export function checkFillable(
  parsed: ParsedForm,
  catalog: PluginCatalog = FIELD_CATALOG,
): readonly CompileWarning[] {
  const warnings: CompileWarning[] = [];
  parsed.form.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      if (field.readOnly || !catalog.rulesOf(field.type).viewOnly) return;
      warnings.push({
        code: 'field.cannotBeFilled',
        path: parsed.fieldPaths[s]?.[f] ?? '',
        params: { fieldId: field.id, type: field.type },
      });
    }),
  );
  return warnings;
}
