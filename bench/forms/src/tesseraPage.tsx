// Tessera's runtime: a compiled form (compiled by the driver, since the compiler's schema
// check is not for the browser) rendered by TaskForm, values in the MobX store.
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import { createRoot, type Root } from 'react-dom/client';
import type { NormalizedForm } from '../../../schemas/forms';
import { defaultFieldRegistry } from '../../../src/forms/registry/createFieldRegistry';
import { FormStore } from '../../../src/forms/runtime/FormStore';
import { TaskForm } from '../../../src/forms/runtime/TaskForm';
import { initI18n } from '../../../src/i18n/i18n';
import { benchFields, filledValues, typingIndex } from './benchFields';
import { fieldCount, installHarness } from './harness';

async function start(): Promise<void> {
  initI18n('en');
  const query = new URLSearchParams(window.location.search);
  // `?form=<name>` renders another precompiled form (the lazy-loading test uses it).
  const name = query.get('form') ?? `bench-${fieldCount()}`;
  const response = await fetch(`/forms/${encodeURIComponent(name)}.json`);
  const form = (await response.json()) as NormalizedForm;
  const registry = defaultFieldRegistry();
  const n = form.sections.reduce((sum, section) => sum + section.fields.length, 0);
  let root: Root | null = null;
  let store: FormStore | null = null;
  let submitted = 0;
  const onSubmit = () => {
    submitted += 1;
  };
  installHarness(
    {
      mount(container, values) {
        store = new FormStore(form, { registry, ...(values ? { initialValues: values } : {}) });
        root = createRoot(container);
        root.render(<TaskForm form={form} store={store} locale="en" onSubmit={onSubmit} />);
      },
      unmount() {
        root?.unmount();
        root = null;
      },
      control(index) {
        return document.querySelector<HTMLInputElement>(`[id$="_f${index}"]`);
      },
      reveal(index) {
        store?.reveal(`f${index}`);
      },
      stateValue(key) {
        return store?.valueOf(key);
      },
      validate() {
        return store?.validateAll().size ?? -1;
      },
      submit() {
        document.querySelector<HTMLButtonElement>('.tf-outcome-bar button')?.click();
      },
    },
    { n, typingIndex: typingIndex(n), filled: filledValues(benchFields(n)) },
  );
  Object.assign(window, { formBenchSubmitted: () => submitted });
  document.documentElement.dataset.ready = 'true';
}

void start();
