import type { SampleContext } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import type { FormStore } from '../runtime/FormStore';

/** What one Autofill did to a form. */
export interface AutofillReport {
  /** Fields that were empty and got a sample value, in form order. */
  readonly filled: readonly string[];
  /** Empty, editable fields left as they were: their plugin has no sample that fits. */
  readonly skipped: readonly string[];
  /** Whether the form now passes a submit's validation (required fields, blocking messages). */
  readonly complete: boolean;
}

/** Today in the browser's time zone as `YYYY-MM-DD`, the day a person filling the form sees. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * Fills the empty, editable fields of a form with their plugins' sample values, for testers
 * walking a process. A field that holds anything (typed, saved, a default) is left alone;
 * display-only, computed and read-only fields too. A sample the form's own validation would
 * refuse (a text whose pattern the plugin cannot meet) is not written: the field is counted
 * as skipped. Formulas follow through `setValue`. Call it inside a MobX action.
 */
export function autofillForm(
  store: FormStore,
  registry: FieldRegistry,
  context: SampleContext,
): AutofillReport {
  const filled: string[] = [];
  const skipped: string[] = [];
  for (const fieldId of store.fieldIds()) {
    // 1. Only fields a person types into.
    const field = store.fieldOf(fieldId);
    if (!field || field.readOnly) continue;
    const plugin = registry.resolve(field.type);
    if (plugin.displayOnly || plugin.computed) continue;
    // 2. Never overwrite what is there.
    if (!plugin.isEmpty(plugin.sanitize(store.peekValue(fieldId), field))) continue;
    // 3. The plugin's sample, written only when it is a value the form accepts.
    const sample = plugin.sampleValue?.(field, context);
    const usable =
      sample !== undefined &&
      !plugin.isEmpty(plugin.sanitize(sample, field)) &&
      store.validator.validateField(fieldId, sample).length === 0;
    if (!usable) {
      skipped.push(fieldId);
      continue;
    }
    store.setValue(fieldId, sample);
    filled.push(fieldId);
  }
  // 4. Complete means a submit would go through: nothing required left, no message blocks.
  const complete = store.validator.validateValues(store.values()).size === 0;
  return { filled, skipped, complete };
}
