import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { SystemDictionary } from '../../schemas/api/dictionaries';
import type { NormalizedForm, SupportedLocale } from '../../schemas/forms';
import {
  bindDictionaryOptions,
  dictionaryNamesOf,
  dictionarySet,
  labelOf,
  type DictionarySet,
} from '../core/forms/fields/dictionaries';
import type { ToastStore } from '../stores/ToastStore';
import { reportFailure } from '../stores/reportFailure';
import { RemoteLoadingStatus } from '../stores/statuses';
import { fetchDictionaries } from '../api/dictionariesApi';

/** What the dictionary store needs from the app. */
export interface DictionaryStoreDeps {
  /** Reports a failed load (common.serverErrorTryAgain; not for 401 or 403). */
  readonly toasts: ToastStore;
  /**
   * Who the lists are loaded for (the signed-in account's id), or null when nobody is
   * signed in: another account's sign-in loads them again.
   */
  readonly sessionKey: () => string | null;
  /** The dictionaries call; the app's HTTP client by default. */
  readonly fetch?: () => Promise<SystemDictionary[]>;
}

const EMPTY: DictionarySet = new Map();

/**
 * The tenant's system dictionaries in the browser: loaded once per session, on the first
 * need (a task form that names one, a records list that labels codes), and shared by every
 * page after. Forms bind their dictionary fields' choices here; anything that shows a
 * stored code asks `labelOf` for its label in the user's language.
 */
export class DictionaryStore {
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The lists by name; empty until loaded. */
  dictionaries: DictionarySet = EMPTY;

  private readonly deps: DictionaryStoreDeps;
  // The session the lists belong to, and the load under way, shared by concurrent callers.
  private loadedFor: string | null = null;
  private pending: Promise<DictionarySet> | null = null;

  constructor(deps: DictionaryStoreDeps) {
    this.deps = deps;
    makeAutoObservable<DictionaryStore, 'deps' | 'loadedFor' | 'pending'>(
      this,
      { deps: false, loadedFor: false, pending: false, dictionaries: observableRef },
      { autoBind: true },
    );
  }

  /**
   * The lists, loaded once per session: later calls answer the loaded lists, a call while
   * a load is under way waits for that load, and a failed load is tried again next time.
   */
  load(): Promise<DictionarySet> {
    const key = this.deps.sessionKey();
    if (key !== this.loadedFor) this.forget(key);
    if (this.status === RemoteLoadingStatus.fullyLoaded) return Promise.resolve(this.dictionaries);
    if (this.pending) return this.pending;
    this.status = RemoteLoadingStatus.loading;
    const pending = (this.deps.fetch ?? fetchDictionaries)().then(
      (list) => {
        const set = dictionarySet(list);
        runInAction(() => {
          if (this.pending !== pending) return;
          this.pending = null;
          this.dictionaries = set;
          this.status = RemoteLoadingStatus.fullyLoaded;
        });
        return set;
      },
      (error: unknown) => {
        runInAction(() => {
          if (this.pending !== pending) return;
          this.pending = null;
          this.status = RemoteLoadingStatus.loadingFailed;
        });
        reportFailure(this.deps.toasts, error);
        throw error;
      },
    );
    this.pending = pending;
    return pending;
  }

  /**
   * A compiled form with its dictionary fields' choices bound to the lists' active entries
   * (labelled in every language; the form shows the user's). A form naming no dictionary
   * is answered as it is, without loading anything.
   */
  async bindForm(form: NormalizedForm): Promise<NormalizedForm> {
    if (dictionaryNamesOf(form).length === 0) return form;
    return bindDictionaryOptions(form, await this.load());
  }

  /** The label of a stored code in a language, once the lists are loaded (the code before). */
  labelOf(dictionary: string, code: unknown, locale: SupportedLocale | string): string {
    return labelOf(this.dictionaries.get(dictionary), code, locale);
  }

  // Drops the lists of another session.
  private forget(key: string | null): void {
    this.loadedFor = key;
    this.pending = null;
    this.dictionaries = EMPTY;
    this.status = RemoteLoadingStatus.unknown;
  }
}
