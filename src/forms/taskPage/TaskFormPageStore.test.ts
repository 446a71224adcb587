import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { FormPath } from '../../../schemas/api/forms';
import { TaskPath } from '../../../schemas/api/tasksConstants';
import { IdentityPath } from '../../../schemas/api/identity';
import { ToastStore } from '../../stores/ToastStore';
import { i18n } from '../../i18n/i18n';
import { FakeServer } from '../../testing/fakeServer';
import { PartState, TaskFormPageStore } from './TaskFormPageStore';

let server: FakeServer | undefined;

afterEach(async () => {
  server?.restore();
  await i18n.changeLanguage('en');
});

const TASK_ID = 'cut-1';

function part(
  index: number,
  formId: string,
  title: string,
  fields: unknown[],
  values: Record<string, unknown> = {},
) {
  return {
    index,
    formId,
    kind: 'designer',
    version: 1,
    title,
    resolved: true,
    definition: { id: formId, name: title, fields },
    values,
  };
}

async function loadCombinedTask(
  firstFormId = 'DSG-applicant',
  firstTitle = 'Applicant',
  firstValues: Record<string, unknown> = {},
) {
  server = new FakeServer();
  server.on('GET', IdentityPath.systemSettings, {
    status: 200,
    body: { tenant: 'internal', maintenance: false, autofill: true },
  });
  server.on('GET', FormPath.combinedTask(TASK_ID), {
    status: 200,
    body: {
      taskId: TASK_ID,
      formKey: 'CUT-review',
      formId: 'CUT-review',
      version: 1,
      name: 'Review',
      readOnly: false,
      definition: {},
      forms: [
        part(
          0,
          firstFormId,
          firstTitle,
          [
            { id: 'fullName', type: 'input', label: 'Full name', validation: { required: true } },
            {
              id: 'iban',
              type: 'input',
              label: 'IBAN',
              validation: { required: true, pattern: '^(DE|FR)[0-9]{20}$' },
            },
          ],
          firstValues,
        ),
        part(1, 'DSG-decision', 'Decision', [
          { id: 'note', type: 'input', label: 'Note', validation: { required: true } },
        ]),
      ],
    },
  });
  const toasts = new ToastStore();
  const store = new TaskFormPageStore({
    toasts,
    navigate: () => undefined,
    tenant: 'internal',
    storage: null,
    canAutofill: true,
    today: () => '2026-03-15',
  });
  await store.load(TASK_ID, 'CUT-review');
  return { store, toasts };
}

describe('TaskFormPageStore.autofill', () => {
  it('given a combined task, it fills the current part only and names it when a field is left', async () => {
    const { store, toasts } = await loadCombinedTask();
    expect(store.canAutofill).toBe(true);

    const report = store.autofill('en');

    expect(report).toEqual({ filled: ['fullName'], skipped: ['iban'], complete: false });
    expect(store.parts[1]?.store?.peekValue('note')).toBe('');
    expect(store.parts[0]?.store?.errorsOf('iban')).toEqual([
      { code: 'validation.required', params: {} },
    ]);
    expect(toasts.toasts.map((toast) => [toast.key, toast.values, toast.intent])).toEqual([
      ['taskForm.autoFillCUTSingleFormError', { form: 'Applicant' }, 'danger'],
    ]);
  });

  it('given the list of parts is showing, Autofill is not offered', async () => {
    const { store } = await loadCombinedTask();
    store.showList();

    expect(store.canAutofill).toBe(false);
    expect(store.autofill('en')).toBeNull();
  });
});

describe('TaskFormPageStore completing a combined task', () => {
  const COMPLETE = { key: 'complete', label: 'Complete', type: 'DEFAULT' } as const;

  async function onLastPart(
    firstFormId?: string,
    firstTitle?: string,
    firstValues?: Record<string, unknown>,
  ) {
    const loaded = await loadCombinedTask(firstFormId, firstTitle, firstValues);
    server?.on('PUT', FormPath.draft(TASK_ID), {
      status: 200,
      body: { taskId: TASK_ID, formId: 'DSG-applicant', values: {} },
    });
    runInAction(() => {
      loaded.store.currentIndex = 1;
    });
    loaded.store.current?.store?.setValue('note', 'Looks fine');
    return loaded;
  }

  it('given an unopened earlier part holding a carried-over value but not its required ones, then it is in progress, and has errors only once a completion checked it', async () => {
    const { store } = await onLastPart(undefined, undefined, { fullName: 'Ada Lovelace' });
    const [applicant] = store.parts;
    if (!applicant) throw new Error('two parts expected');

    expect(store.partState(applicant)).toBe(PartState.inProgress);

    await expect(store.submit(COMPLETE, { note: 'Looks fine' })).rejects.toThrow();

    expect(store.partState(applicant)).toBe(PartState.hasErrors);
  });

  it('given an earlier part with required fields empty, then nothing is sent and that part opens with its errors', async () => {
    const { store, toasts } = await onLastPart();
    const [applicant, decision] = store.parts;
    if (!applicant || !decision) throw new Error('two parts expected');
    expect(store.partState(applicant)).toBe(PartState.notStarted);
    expect(store.partState(decision)).toBe(PartState.done);

    await expect(store.submit(COMPLETE, { note: 'Looks fine' })).rejects.toThrow();

    expect(server?.calls('POST', TaskPath.complete(TASK_ID))).toHaveLength(0);
    expect(store.currentIndex).toBe(0);
    expect(applicant.store?.errorsOf('fullName')).toEqual([
      { code: 'validation.required', params: {} },
    ]);
    expect(store.partState(applicant)).toBe(PartState.hasErrors);
    expect(toasts.toasts.map((toast) => [toast.key, toast.values])).toEqual([
      ['taskForm.partIncomplete', { form: 'Applicant' }],
    ]);
  });

  it('given a refused completion left its "not complete" toast, when the completion then succeeds, then only the success shows', async () => {
    const { store, toasts } = await onLastPart();
    await expect(store.submit(COMPLETE, { note: 'Looks fine' })).rejects.toThrow();
    const [applicant] = store.parts;
    applicant?.store?.setValue('fullName', 'Ada Lovelace');
    applicant?.store?.setValue('iban', 'DE12345678901234567890');
    runInAction(() => {
      store.currentIndex = 1;
    });
    server?.on('POST', TaskPath.complete(TASK_ID), { status: 200, body: { result: {} } });

    await store.submit(COMPLETE, { note: 'Looks fine' });

    expect(toasts.toasts.map((toast) => [toast.key, toast.intent])).toEqual([
      ['tasks.completedTask', 'success'],
    ]);
  });

  it('given the page in French, when an earlier part is incomplete, then the message names that part in French', async () => {
    await i18n.changeLanguage('fr');
    const { store, toasts } = await onLastPart('loan-review-decision', 'Supervisor decision');

    await expect(store.submit(COMPLETE, { note: 'Looks fine' })).rejects.toThrow();

    expect(toasts.toasts.map((toast) => [toast.key, toast.values])).toEqual([
      ['taskForm.partIncomplete', { form: 'Décision du superviseur' }],
    ]);
  });

  it('given the server refuses fields of an earlier part, then each shows on its field, translated, and that part opens', async () => {
    const { store, toasts } = await onLastPart();
    const [applicant] = store.parts;
    applicant?.store?.setValue('fullName', 'Ada Lovelace');
    applicant?.store?.setValue('iban', 'DE12345678901234567890');
    server?.on('POST', TaskPath.complete(TASK_ID), {
      status: 422,
      body: {
        statusCode: 422,
        code: 'VALIDATION_ERROR',
        message: 'The form has problems.',
        details: [
          {
            path: 'fullName',
            code: 'validation.maxLength',
            params: { limit: 5, formId: 'DSG-applicant' },
          },
          {
            path: 'outcome',
            code: 'validation.enum',
            params: { allowed: 'approve', formId: 'DSG-decision' },
          },
        ],
      },
    });

    await expect(store.submit(COMPLETE, { note: 'Looks fine' })).rejects.toThrow();

    expect(store.currentIndex).toBe(0);
    expect(applicant?.store?.errorsOf('fullName')).toEqual([
      { code: 'validation.maxLength', params: { limit: 5 } },
    ]);
    // What no field can show is said in words, not codes.
    expect(toasts.toasts.map((toast) => [toast.key, toast.values])).toEqual([
      ['taskForm.fieldsRefused', { reasons: 'Choose one of the listed options.' }],
    ]);
  });
});

describe('TaskFormPageStore on a task its process gives no form', () => {
  const COMPLETE = { key: 'complete', label: 'Complete', type: 'DEFAULT' } as const;

  it('given a task with no formKey, when it loads, then no form is asked for, nothing is offered to save or autofill, and Complete sends no form id', async () => {
    server = new FakeServer();
    server.on('GET', IdentityPath.systemSettings, {
      status: 200,
      body: { tenant: 'internal', maintenance: false, autofill: true },
    });
    server.on('POST', TaskPath.complete(TASK_ID), { status: 200, body: { result: {} } });
    const store = new TaskFormPageStore({
      toasts: new ToastStore(),
      navigate: () => undefined,
      tenant: 'internal',
      storage: null,
      canAutofill: true,
      today: () => '2026-03-15',
    });
    await store.load(TASK_ID, null);

    expect(store.loadError).toBeNull();
    expect(store.formless).toBe(true);
    expect(store.canAutofill).toBe(false);
    expect(store.current?.store?.fieldIds()).toEqual([]);
    expect(server.requests.filter((request) => request.url.includes('form'))).toEqual([]);
    await store.submit(COMPLETE, {});
    const [completion] = server.calls('POST', TaskPath.complete(TASK_ID));
    expect(completion?.body).toEqual({ outcome: 'complete', values: {} });
  });
});
