import { afterEach, describe, expect, it } from 'vitest';
import { FormPath } from '../../../schemas/api/forms';
import { IdentityPath } from '../../../schemas/api/identity';
import { ToastStore } from '../../stores/ToastStore';
import { FakeServer } from '../../testing/fakeServer';
import { TaskFormPageStore } from './TaskFormPageStore';

const TASK_ID = 't-1';

let server: FakeServer | undefined;
let store: TaskFormPageStore | undefined;

afterEach(() => {
  store?.dispose();
  server?.restore();
});

/** Loads a single designer form of `fields` for a tester whose tenant has autofill on. */
async function loadSingleForm(fields: unknown[]) {
  server = new FakeServer();
  server.on('GET', IdentityPath.systemSettings, {
    status: 200,
    body: { tenant: 'internal', maintenance: false, autofill: true },
  });
  server.on('GET', FormPath.taskForm(TASK_ID), {
    status: 200,
    body: {
      taskId: TASK_ID,
      formKey: 'DSG-applicant',
      formId: 'DSG-applicant',
      kind: 'designer',
      version: 1,
      name: 'Applicant',
      readOnly: false,
      definition: { id: 'DSG-applicant', name: 'Applicant', fields },
      values: {},
    },
  });
  const toasts = new ToastStore();
  store = new TaskFormPageStore({
    toasts,
    navigate: () => undefined,
    tenant: 'internal',
    storage: null,
    canAutofill: true,
    today: () => '2026-03-15',
  });
  await store.load(TASK_ID, 'DSG-applicant');
  return { store, toasts };
}

describe('spec 001 section 8 (line 155): the autofill messages', () => {
  it('given a single form autofill can complete, when autofill runs, then taskForm.autoFillSuccess says how many fields it filled', async () => {
    const loaded = await loadSingleForm([
      { id: 'fullName', type: 'input', label: 'Full name', validation: { required: true } },
      { id: 'city', type: 'input', label: 'City' },
    ]);
    expect(loaded.store.canAutofill).toBe(true);

    loaded.store.autofill('en');

    expect(loaded.toasts.toasts.map((toast) => [toast.key, toast.values, toast.intent])).toEqual([
      ['taskForm.autoFillSuccess', { count: 2 }, 'success'],
    ]);
  });

  it('given a single form with a field autofill cannot fill, when autofill runs, then taskForm.autoFillFormError shows and the field left is marked', async () => {
    const loaded = await loadSingleForm([
      { id: 'fullName', type: 'input', label: 'Full name', validation: { required: true } },
      {
        id: 'iban',
        type: 'input',
        label: 'IBAN',
        validation: { required: true, pattern: '^(DE|FR)[0-9]{20}$' },
      },
    ]);

    loaded.store.autofill('en');

    expect(loaded.toasts.toasts.map((toast) => [toast.key, toast.intent])).toEqual([
      ['taskForm.autoFillFormError', 'danger'],
    ]);
    expect(loaded.store.parts[0]?.store?.errorsOf('iban')).toEqual([
      { code: 'validation.required', params: {} },
    ]);
  });
});
