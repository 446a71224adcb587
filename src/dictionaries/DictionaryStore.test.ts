import { describe, expect, it } from 'vitest';
import type { SystemDictionary } from '../../schemas/api/dictionaries';
import type { NormalizedField, NormalizedForm } from '../../schemas/forms';
import { ServerError, UnauthorizedError } from '../api/errors';
import { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { DictionaryStore } from './DictionaryStore';

const CURRENCIES: SystemDictionary = {
  name: 'currencies',
  label: { en: 'Currencies', es: 'Monedas', fr: 'Devises' },
  entries: [
    { code: 'EUR', label: { en: 'Euro', es: 'Euro', fr: 'Euro' }, order: 10, active: true },
    {
      code: 'USD',
      label: { en: 'US dollar', es: 'Dólar estadounidense', fr: 'Dollar américain' },
      order: 20,
      active: true,
    },
    {
      code: 'DEM',
      label: { en: 'German mark', es: 'Marco alemán', fr: 'Mark allemand' },
      order: 30,
      active: false,
    },
  ],
};

const field = (id: string, config: Record<string, unknown>): NormalizedField => ({
  id,
  type: 'dropdown',
  label: id,
  required: false,
  readOnly: false,
  validation: {},
  config,
  widths: { desktop: 12, tablet: 12, phone: 12 },
  valueType: 'string',
});

const formOf = (...fields: NormalizedField[]): NormalizedForm => ({
  id: 'DSG-test',
  kind: 'designer',
  name: 'Test',
  sections: [{ id: 'main', title: '', fields }],
  outcomes: [],
});

/** A dictionaries call that counts its requests and answers when told to. */
function fakeCall(answer: () => Promise<SystemDictionary[]> = async () => [CURRENCIES]) {
  const calls = { count: 0 };
  return {
    calls,
    fetch: () => {
      calls.count += 1;
      return answer();
    },
  };
}

describe('DictionaryStore', () => {
  it('given several pages asking at once and again later, when loading, then the lists are fetched once for the session', async () => {
    const call = fakeCall();
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => 'lmartin',
      fetch: call.fetch,
    });
    const [first, second] = await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(call.calls.count).toBe(1);
    expect(first).toBe(second);
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(store.dictionaries.get('currencies')?.entries).toHaveLength(3);
  });

  it('given another account signs in, when loading, then its own lists are fetched', async () => {
    const call = fakeCall();
    let account = 'lmartin';
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => account,
      fetch: call.fetch,
    });
    await store.load();
    account = 'mgarcia';
    await store.load();
    expect(call.calls.count).toBe(2);
  });

  it('given a form naming a dictionary, when binding it, then its choices are the active codes with every language’s label, and other fields are untouched', async () => {
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => 'lmartin',
      fetch: fakeCall().fetch,
    });
    const plain = field('note', {});
    const bound = await store.bindForm(
      formOf(field('currency', { dictionary: 'currencies' }), plain),
    );
    const [currency, note] = bound.sections[0]?.fields ?? [];
    expect(currency?.options).toEqual([
      { value: 'EUR', label: { en: 'Euro', es: 'Euro', fr: 'Euro' } },
      {
        value: 'USD',
        label: { en: 'US dollar', es: 'Dólar estadounidense', fr: 'Dollar américain' },
      },
    ]);
    expect(note).toBe(plain);
  });

  it('given a Flowable field naming a dictionary in its params, when binding, then it gets the choices too', async () => {
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => 'lmartin',
      fetch: fakeCall().fetch,
    });
    const bound = await store.bindForm(
      formOf(field('currency', { params: { dictionary: 'currencies' } })),
    );
    expect(bound.sections[0]?.fields[0]?.options?.map((option) => option.value)).toEqual([
      'EUR',
      'USD',
    ]);
  });

  it('given a form naming no dictionary, when binding, then nothing is fetched and the form is the same', async () => {
    const call = fakeCall();
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => 'lmartin',
      fetch: call.fetch,
    });
    const form = formOf(field('note', {}));
    expect(await store.bindForm(form)).toBe(form);
    expect(call.calls.count).toBe(0);
  });

  it('given a field naming a dictionary the tenant lacks, when binding, then it offers no choice', async () => {
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => 'lmartin',
      fetch: fakeCall().fetch,
    });
    const bound = await store.bindForm(formOf(field('branch', { dictionary: 'branches' })));
    expect(bound.sections[0]?.fields[0]?.options).toEqual([]);
  });

  it('given loaded lists, when labelling stored codes, then the user’s language shows, a retired code too, and an unknown code as itself', async () => {
    const store = new DictionaryStore({
      toasts: new ToastStore(),
      sessionKey: () => 'lmartin',
      fetch: fakeCall().fetch,
    });
    expect(store.labelOf('currencies', 'USD', 'es')).toBe('USD');
    await store.load();
    expect(store.labelOf('currencies', 'USD', 'es')).toBe('Dólar estadounidense');
    expect(store.labelOf('currencies', 'USD', 'fr-FR')).toBe('Dollar américain');
    expect(store.labelOf('currencies', 'DEM', 'es')).toBe('Marco alemán');
    expect(store.labelOf('currencies', 'XYZ', 'es')).toBe('XYZ');
    expect(store.labelOf('currencies', null, 'es')).toBe('');
  });

  it('given the call fails, when loading, then the try-again toast shows, the status says so, and the next load asks again', async () => {
    let fail = true;
    const call = fakeCall(async () => {
      if (fail) throw new ServerError(500, 'INTERNAL', 'down');
      return [CURRENCIES];
    });
    const toasts = new ToastStore();
    const store = new DictionaryStore({ toasts, sessionKey: () => 'lmartin', fetch: call.fetch });
    await expect(store.load()).rejects.toBeInstanceOf(ServerError);
    expect(store.status).toBe(RemoteLoadingStatus.loadingFailed);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['common.serverErrorTryAgain']);
    fail = false;
    await store.load();
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(call.calls.count).toBe(2);
  });

  it('given the session has ended (401), when loading fails, then no toast of its own shows', async () => {
    const toasts = new ToastStore();
    const store = new DictionaryStore({
      toasts,
      sessionKey: () => 'lmartin',
      fetch: () => Promise.reject(new UnauthorizedError('NOT_AUTHENTICATED', 'Sign in first.')),
    });
    await expect(store.load()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(toasts.toasts).toEqual([]);
  });
});
