import type { DesignerForm, NormalizedForm, PlainForm } from '../../../schemas/forms';
import { checkFormulas } from '../../core/forms/compiler/checkFormulas';
import { dedupeFieldIds } from '../../core/forms/compiler/dedupeFieldIds';
import { FIELD_CATALOG } from '../../../plugins/catalog';
import { parseDesignerForm, parsePlainForm } from '../../../plugins/compiler';

/**
 * The browser's compile of a plain or designer form the server served for a task (the
 * server's own `compileStoredForm` compiles what it stores): `compileForm` without
 * its schema check. The server checked the definition against its format's schema when it
 * stored it, and the check's validators are generated code that the app's CSP
 * (`script-src 'self'`) refuses to run in the browser; parsing, unique ids and formulas are
 * the same steps `compileForm` takes after it.
 */
export function compileServedForm(
  kind: 'plain' | 'designer',
  definition: unknown,
  formId: string,
): NormalizedForm {
  const parsed =
    kind === 'designer'
      ? parseDesignerForm(definition as DesignerForm)
      : parsePlainForm(definition as PlainForm, formId);
  return checkFormulas(dedupeFieldIds(parsed), FIELD_CATALOG).form;
}
