import { describe, expect, it } from 'vitest';
import { ConflictError, NetworkError, UnprocessableError } from '../../api/errors';
import { ToastStore } from '../../stores/ToastStore';
import { RemoteLoadingStatus } from '../../stores/statuses';
import type { AdminTemplate, TemplatesAdminApi } from '../../api/templatesAdminApi';
import { TemplatesAdminStore } from './TemplatesAdminStore';

const letter: AdminTemplate = {
  id: '6a1f2c3e-0000-4000-8000-000000000001',
  name: 'Welcome letter',
  scope: 'customers',
  documentType: 'document',
  createdBy: 'Priya Nair',
  builtIn: false,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const seededLetter: AdminTemplate = {
  ...letter,
  id: '6a1f2c3e-0000-4000-8000-000000000002',
  name: 'Demo welcome letter',
  createdBy: null,
  builtIn: true,
};

/** The calls at the network edge: answers as the server would, and what was sent. */
function fakeApi(addFails?: Error) {
  const sent: { scope: string; name: string; file: string }[] = [];
  const removed: string[] = [];
  let templates = [letter];
  const api: TemplatesAdminApi = {
    list: async () => ({
      data: templates,
      scopes: [
        { key: 'customers', kind: 'object', label: { en: 'Customers' } },
        { key: 'LOAN', kind: 'report', label: null },
      ],
    }),
    add: async ({ scope, name, file }) => {
      if (addFails) throw addFails;
      sent.push({ scope, name, file: file.name });
      templates = [...templates, { ...letter, id: 'new', name, scope }];
    },
    remove: async (id) => {
      removed.push(id);
      templates = templates.filter((template) => template.id !== id);
    },
  };
  return { api, sent, removed };
}

const docx = (size = 10) => new File([new Uint8Array(size)], 'statement.docx');

describe('TemplatesAdminStore', () => {
  it('given an empty form, when added, then each field says what it needs and nothing is sent', async () => {
    const { api, sent } = fakeApi();
    const store = new TemplatesAdminStore(api, new ToastStore());
    await store.load();
    expect(await store.add()).toBe(false);
    expect(store.problems).toEqual({
      scope: 'document.template.badScope',
      name: 'document.template.badName',
      file: 'document.admin.fileRequired',
    });
    expect(sent).toEqual([]);
  });

  it('given a file over 2 MB, when chosen, then the file field says so before anything is sent', () => {
    const store = new TemplatesAdminStore(fakeApi().api, new ToastStore());
    store.setFile(docx(2 * 1024 * 1024 + 1));
    expect(store.problems.file).toBe('document.template.tooLarge');
  });

  it('given a filled form, when added, then the template is sent, the list reloads and the form empties', async () => {
    const { api, sent } = fakeApi();
    const toasts = new ToastStore();
    const store = new TemplatesAdminStore(api, toasts);
    await store.load();
    store.setScope('LOAN');
    store.setName('  Loan summary ');
    store.setFile(docx());
    expect(await store.add()).toBe(true);
    expect(sent).toEqual([{ scope: 'LOAN', name: 'Loan summary', file: 'statement.docx' }]);
    expect(store.templates.map((template) => template.name)).toEqual([
      'Welcome letter',
      'Loan summary',
    ]);
    expect([store.name, store.file, store.scope]).toEqual(['', null, 'LOAN']);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['document.admin.added']);
  });

  it('given a broken template, when the server refuses it, then the file field shows the reason and what was typed is kept', async () => {
    const refusal = new UnprocessableError('TEMPLATE_INVALID', 'broken', [
      { path: '/file', code: 'document.template.broken' },
    ]);
    const store = new TemplatesAdminStore(fakeApi(refusal).api, new ToastStore());
    await store.load();
    store.setScope('customers');
    store.setName('Welcome pack');
    store.setFile(docx());
    expect(await store.add()).toBe(false);
    expect(store.problems).toEqual({ file: 'document.template.broken' });
    expect([store.scope, store.name, store.file?.name]).toEqual([
      'customers',
      'Welcome pack',
      'statement.docx',
    ]);
  });

  it('given a taken name, when the server refuses it, then the name field says so', async () => {
    const taken = new ConflictError('CONFLICT', 'taken', [
      { path: '/file', code: 'document.template.duplicateName' },
    ]);
    const store = new TemplatesAdminStore(fakeApi(taken).api, new ToastStore());
    store.setScope('customers');
    store.setName('Welcome letter');
    store.setFile(docx());
    await store.add();
    expect(store.problems).toEqual({ name: 'document.template.duplicateName' });
  });

  it('given the network fails, when added, then the form says to try again', async () => {
    const store = new TemplatesAdminStore(fakeApi(new NetworkError()).api, new ToastStore());
    store.setScope('customers');
    store.setName('Welcome pack');
    store.setFile(docx());
    await store.add();
    expect(store.problems).toEqual({ form: 'common.serverErrorTryAgain' });
  });

  it('given a template, when its removal is confirmed, then it is removed and leaves the list', async () => {
    const { api, removed } = fakeApi();
    const store = new TemplatesAdminStore(api, new ToastStore());
    await store.load();
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    store.askRemove(letter);
    await store.confirmRemove();
    expect(removed).toEqual([letter.id]);
    expect(store.templates).toEqual([]);
    expect(store.removing).toBeNull();
  });

  it('given a built-in template, when its removal is asked, then nothing is asked and nothing sent', async () => {
    const { api, removed } = fakeApi();
    const store = new TemplatesAdminStore(api, new ToastStore());
    await store.load();

    store.askRemove(seededLetter);
    await store.confirmRemove();

    expect(store.removing).toBeNull();
    expect(removed).toEqual([]);
  });

  it('given the server refuses a removal as built-in, then the toast says why in words', async () => {
    const { api } = fakeApi();
    const toasts = new ToastStore();
    const store = new TemplatesAdminStore(
      {
        ...api,
        remove: async () => {
          throw new ConflictError('TEMPLATE_BUILT_IN', 'came with the installation');
        },
      },
      toasts,
    );
    await store.load();
    store.askRemove(letter);

    await store.confirmRemove();

    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['errors.TEMPLATE_BUILT_IN']);
    expect(store.templates).toEqual([letter]);
  });
});
