import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormPath } from '../../../schemas/api/forms';
import { TaskPath } from '../../../schemas/api/tasksConstants';
import { ToastStore } from '../../stores/ToastStore';
import { FakeServer } from '../../testing/fakeServer';
import { FORM_SWITCH_DELAY_MS, TaskFormPageStore } from './TaskFormPageStore';

// Spec 001 section 3: the outcome types SECTION_SAVE, ONLY_FORM_SAVE and SECTION_SUBMIT, and
// section 4: the submit statuses savedTask, completedTask and the combined task's savedForm.

let server: FakeServer | undefined;

afterEach(() => {
  server?.restore();
  vi.useRealTimers();
});

const TASK_ID = 'task-1';
const ONLY_FORM_SAVE = { key: 'keep', label: 'Keep', type: 'ONLY_FORM_SAVE' } as const;
const SECTION_SAVE = { key: 'save', label: 'Save', type: 'SECTION_SAVE' } as const;
const SECTION_SUBMIT = { key: 'submit', label: 'Submit', type: 'SECTION_SUBMIT' } as const;

const field = (id: string) => ({ id, type: 'input', label: id });

function part(index: number, formId: string, fieldId: string) {
  return {
    index,
    formId,
    kind: 'designer',
    version: 1,
    title: formId,
    resolved: true,
    definition: { id: formId, name: formId, fields: [field(fieldId)] },
    values: {},
  };
}

function serveDraftAndComplete(fake: FakeServer) {
  fake.on('PUT', FormPath.draft(TASK_ID), (request) => ({
    status: 200,
    body: { taskId: TASK_ID, formId: null, values: (request.body as { values: object }).values },
  }));
  fake.on('POST', TaskPath.complete(TASK_ID), { status: 200, body: { result: {} } });
}

/** A page store that records its toasts and where it navigates. */
function pageStore() {
  const toasts = new ToastStore();
  const visits: string[] = [];
  const store = new TaskFormPageStore({
    toasts,
    navigate: (to) => visits.push(to),
    tenant: 'internal',
    storage: null,
  });
  return { store, toasts, visits };
}

/** Serves the task's form at `path` with `body`, saves and completion, and loads the page. */
async function loadPage(path: string, body: object, formKey: string) {
  server = new FakeServer();
  server.on('GET', path, { status: 200, body });
  serveDraftAndComplete(server);
  const page = pageStore();
  await page.store.load(TASK_ID, formKey);
  return page;
}

function loadSingle() {
  return loadPage(
    FormPath.taskForm(TASK_ID),
    {
      taskId: TASK_ID,
      formKey: 'DSG-note',
      formId: 'DSG-note',
      kind: 'designer',
      version: 1,
      name: 'Note',
      readOnly: false,
      definition: { id: 'DSG-note', name: 'Note', fields: [field('note')] },
      values: {},
    },
    'DSG-note',
  );
}

function loadCombined() {
  return loadPage(
    FormPath.combinedTask(TASK_ID),
    {
      taskId: TASK_ID,
      formKey: 'CUT-review',
      formId: 'CUT-review',
      version: 1,
      name: 'Review',
      readOnly: false,
      definition: {},
      forms: [part(0, 'DSG-first', 'first'), part(1, 'DSG-second', 'second')],
    },
    'CUT-review',
  );
}

const keys = (toasts: ToastStore) => toasts.toasts.map((toast) => toast.key);

describe('spec 001 sections 3 and 4: outcome types of a single form', () => {
  it('given a single form, when SECTION_SAVE is pressed, then its draft is saved, tasks.savedTask shows and the user returns to /', async () => {
    const { store, toasts, visits } = await loadSingle();
    await store.submit(SECTION_SAVE, { note: 'draft' });
    expect(server?.calls('PUT', FormPath.draft(TASK_ID))).toHaveLength(1);
    expect(keys(toasts)).toEqual(['tasks.savedTask']);
    expect(visits).toEqual(['/']);
  });

  it('given a single form, when ONLY_FORM_SAVE is pressed, then its form is saved, tasks.savedTask shows and the user returns to /, as after any save of a single-form task', async () => {
    const { store, toasts, visits } = await loadSingle();
    store.current?.store?.setValue('note', 'kept');
    await store.submit(ONLY_FORM_SAVE, { note: 'kept' });
    expect(server?.calls('PUT', FormPath.draft(TASK_ID))[0]?.body).toEqual({
      values: { note: 'kept' },
    });
    expect(keys(toasts)).toEqual(['tasks.savedTask']);
    expect(visits).toEqual(['/']);
  });

  it('given a single form, when SECTION_SUBMIT is pressed, then the task is completed with tasks.completedTask', async () => {
    const { store, toasts, visits } = await loadSingle();
    await store.submit(SECTION_SUBMIT, { note: 'done' });
    expect(server?.calls('POST', TaskPath.complete(TASK_ID))[0]?.body).toEqual({
      outcome: 'submit',
      values: { note: 'done' },
    });
    expect(keys(toasts)).toEqual(['tasks.completedTask']);
    expect(visits).toEqual(['/']);
  });
});

describe('spec 001 sections 3 and 4: outcome types per part of a combined task', () => {
  it('given a combined task with changes in both parts, when ONLY_FORM_SAVE is pressed on the first, then only that part is saved, tasks.savedForm shows and the user stays', async () => {
    const { store, toasts, visits } = await loadCombined();
    store.parts[0]?.store?.setValue('first', 'a');
    store.parts[1]?.store?.setValue('second', 'b');
    await store.submit(ONLY_FORM_SAVE, { first: 'a' });
    expect(server?.calls('PUT', FormPath.draft(TASK_ID)).map((call) => call.body)).toEqual([
      { values: { first: 'a' }, formId: 'DSG-first' },
    ]);
    expect(keys(toasts)).toEqual(['tasks.savedForm']);
    expect(visits).toEqual([]);
    expect(store.currentIndex).toBe(0);
    expect(store.parts[1]?.store?.dirty).toBe(true);
  });

  it('given a combined task with changes in both parts, when SECTION_SAVE is pressed, then every changed part is saved, tasks.savedForm shows and the user stays', async () => {
    const { store, toasts, visits } = await loadCombined();
    store.parts[0]?.store?.setValue('first', 'a');
    store.parts[1]?.store?.setValue('second', 'b');
    await store.submit(SECTION_SAVE, { first: 'a' });
    expect(server?.calls('PUT', FormPath.draft(TASK_ID)).map((call) => call.body)).toEqual([
      { values: { first: 'a' }, formId: 'DSG-first' },
      { values: { second: 'b' }, formId: 'DSG-second' },
    ]);
    expect(keys(toasts)).toEqual(['tasks.savedForm']);
    expect(visits).toEqual([]);
    expect(store.dirty).toBe(false);
  });

  it('given a combined task, when the Save button is pressed, then the part is saved with tasks.savedForm and the page stays', async () => {
    const { store, toasts, visits } = await loadCombined();
    await store.save({ first: 'a' });
    expect(keys(toasts)).toEqual(['tasks.savedForm']);
    expect(visits).toEqual([]);
  });

  it('given the first part of a combined task, when SECTION_SUBMIT is pressed, then the part is saved and the next form opens after 150 ms, without completing', async () => {
    const { store, visits } = await loadCombined();
    vi.useFakeTimers();
    await store.submit(SECTION_SUBMIT, { first: 'a' });
    expect(server?.calls('PUT', FormPath.draft(TASK_ID))).toHaveLength(1);
    expect(store.currentIndex).toBe(0);
    vi.advanceTimersByTime(FORM_SWITCH_DELAY_MS);
    expect(store.currentIndex).toBe(1);
    expect(server?.calls('POST', TaskPath.complete(TASK_ID))).toHaveLength(0);
    expect(visits).toEqual([]);
  });

  it('given the first part, when its SECTION_SUBMIT save fails, then tasks.cutErrorMessage shows and the part stays', async () => {
    const loaded = await loadCombined();
    server?.on('PUT', FormPath.draft(TASK_ID), { status: 500, body: { code: 'INTERNAL_ERROR' } });
    await expect(loaded.store.submit(SECTION_SUBMIT, { first: 'a' })).rejects.toThrow();
    expect(keys(loaded.toasts)).toEqual(['tasks.cutErrorMessage']);
    expect(loaded.store.currentIndex).toBe(0);
  });
});

describe('spec 001 section 8: outcome form errors and load errors', () => {
  it('given a completion refused with CONFLICT, when SECTION_SUBMIT is pressed, then outcome.CONFLICT shows', async () => {
    const loaded = await loadSingle();
    server?.on('POST', TaskPath.complete(TASK_ID), {
      status: 409,
      body: { code: 'CONFLICT', message: 'completed meanwhile' },
    });
    await expect(loaded.store.submit(SECTION_SUBMIT, { note: 'x' })).rejects.toThrow();
    expect(keys(loaded.toasts)).toEqual(['outcome.CONFLICT']);
  });

  it('given a completion refused with a code outcome has no text for, when submitted, then common.serverErrorTryAgain shows', async () => {
    const loaded = await loadSingle();
    server?.on('POST', TaskPath.complete(TASK_ID), {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'boom' },
    });
    await expect(loaded.store.submit(SECTION_SUBMIT, { note: 'x' })).rejects.toThrow();
    expect(keys(loaded.toasts)).toEqual(['common.serverErrorTryAgain']);
  });

  it('given a task form answer without its definition, when the form loads, then it fails with common.noProperPayladPassed', async () => {
    server = new FakeServer();
    server.on('GET', FormPath.taskForm(TASK_ID), {
      status: 200,
      body: { taskId: TASK_ID, formKey: 'DSG-note', kind: 'designer', values: {} },
    });
    const { store } = pageStore();
    await store.load(TASK_ID, 'DSG-note');
    expect(store.loadError).toEqual({ key: 'common.noProperPayladPassed' });
  });

  it('given the definition load answers 404, when the form loads, then the status and its text are the message', async () => {
    server = new FakeServer();
    server.on('GET', FormPath.taskForm(TASK_ID), {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'no form' },
    });
    const { store } = pageStore();
    await store.load(TASK_ID, 'DSG-note');
    expect(store.loadError).toEqual({
      key: 'common.statusError',
      values: { status: 404, statusText: 'Not Found' },
    });
  });
});

describe('spec 001 section 8: tasks.cutErrorMessage variants', () => {
  it('given the first part, when its save on the way to the next part is refused, changed meanwhile or fails, then the matching variant shows', async () => {
    const cases: [number, string, string][] = [
      [422, 'VALIDATION_ERROR', 'tasks.cutErrorMessageRefused'],
      [409, 'CONFLICT', 'tasks.cutErrorMessageConflict'],
      [500, 'INTERNAL_ERROR', 'tasks.cutErrorMessage'],
    ];
    for (const [status, code, key] of cases) {
      const loaded = await loadCombined();
      server?.on('PUT', FormPath.draft(TASK_ID), { status, body: { code, message: code } });
      loaded.store.parts[0]?.store?.setValue('first', 'a');
      await loaded.store.goTo(1);
      expect(keys(loaded.toasts)).toEqual([key]);
      expect(loaded.store.currentIndex).toBe(0);
      server?.restore();
    }
  });
});
