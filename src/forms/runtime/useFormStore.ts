import { useMemo } from 'react';
import type { NormalizedForm } from '../../../schemas/forms';
import { defaultFieldRegistry } from '../registry/createFieldRegistry';
import type { FieldRegistry } from '../registry/FieldRegistry';
import { FormStore } from './FormStore';

/** Options of {@link useFormStore}. */
export interface UseFormStoreOptions {
  /** Saved values the form opens with. */
  readonly initialValues?: Readonly<Record<string, unknown>>;
  /** The plugins; the app's registry by default. */
  readonly registry?: FieldRegistry;
}

/**
 * The state of a form for a page that must ask about it (the task page's unsaved-changes
 * guard reads `store.dirty`): create it here, pass it to `<TaskForm store={store}>`. A new
 * form or new initial values give a new store.
 */
export function useFormStore(form: NormalizedForm, options: UseFormStoreOptions = {}): FormStore {
  const { initialValues, registry = defaultFieldRegistry() } = options;
  return useMemo(
    () => new FormStore(form, { registry, ...(initialValues ? { initialValues } : {}) }),
    [form, initialValues, registry],
  );
}
