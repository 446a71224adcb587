import type { NormalizedForm } from '../../../../schemas/forms';
import { dictionaryNameOf } from '../fields/dictionaries';
import type { CompileWarning } from './compileTypes';

/**
 * Warns about each field that names a dictionary the tenant does not have
 * (`field.unknownDictionary`): such a field offers no choice, so a required one could
 * never be completed. `fieldPaths` runs parallel to the form's sections and fields.
 */
export function checkDictionaryNames(
  form: NormalizedForm,
  fieldPaths: readonly (readonly string[])[],
  known: readonly string[],
): CompileWarning[] {
  const names = new Set(known);
  const warnings: CompileWarning[] = [];
  form.sections.forEach((section, s) => {
    section.fields.forEach((field, f) => {
      const name = dictionaryNameOf(field);
      if (name === undefined || names.has(name)) return;
      warnings.push({
        code: 'field.unknownDictionary',
        path: fieldPaths[s]?.[f] ?? '',
        params: { dictionary: name, fieldId: field.id },
      });
    });
  });
  return warnings;
}
