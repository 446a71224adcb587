import { makeAutoObservable, runInAction } from 'mobx';
import type { LocalizedText, NormalizedForm } from '../../schemas/forms';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../api/errors';
import { compileServedForm } from '../forms/taskPage/compileServedForm';
import type { AppNavigator } from '../stores/AppNavigator';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import { objectDataPath } from './recordPaths';
import {
  fetchObjectDefinition,
  fetchRecord,
  type ObjectDefinition,
  type RecordWithForm,
} from '../api/recordsApi';

/** One form the record is shown in, compiled. */
export interface RecordFormView {
  readonly formId: string;
  readonly title: LocalizedText | null;
  readonly form: NormalizedForm;
}

/** The record's forms compiled; none when it names none or one no longer compiles. */
function compileParts(detail: RecordWithForm): RecordFormView[] {
  try {
    return (detail.form?.parts ?? []).map((part) => ({
      formId: part.formId,
      title: part.title,
      form: compileServedForm(part.kind, part.definition, part.formId),
    }));
  } catch {
    return [];
  }
}

/** What the record page's store needs from the app. */
export interface RecordDetailStoreDeps {
  toasts: ToastStore;
  navigator: AppNavigator;
  /** Binds the choices of fields that name a system dictionary, so stored codes show labels. */
  dictionaries?: { bindForm(form: NormalizedForm): Promise<NormalizedForm> };
}

/**
 * One record's page (spec 001 section 3, "Object report detail": detail and status): the
 * record, and its form compiled, one view per part of a combined task. Failures follow
 * spec 001 section 8: forbidden or not found go back to the list, not found says
 * common.notFound, anything else but a 401 or 403 says common.serverErrorTryAgain; a record
 * whose object names no form that can be shown says datastore.reportFormError and goes
 * back too.
 */
export class RecordDetailStore {
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  detail: RecordWithForm | null = null;
  /** The record's object definition: its label heads the page. */
  definition: ObjectDefinition | null = null;
  forms: RecordFormView[] = [];
  private readonly deps: RecordDetailStoreDeps;
  private request = 0;

  constructor(deps: RecordDetailStoreDeps) {
    this.deps = deps;
    makeAutoObservable<RecordDetailStore, 'deps' | 'request'>(this, {
      deps: false,
      request: false,
    });
  }

  /** Loads a record; the status is loading until it is here, fullyLoaded then. */
  async load(key: string, version: number, recordId: string): Promise<void> {
    const request = ++this.request;
    this.status = RemoteLoadingStatus.loading;
    this.detail = null;
    this.definition = null;
    this.forms = [];
    const back = () =>
      this.deps.navigator.navigate(objectDataPath(key, version), { replace: true });
    try {
      const [detail, definition] = await Promise.all([
        fetchRecord(key, version, recordId),
        fetchObjectDefinition(key, version),
      ]);
      if (request !== this.request) return;
      const forms = await this.bindDictionaries(compileParts(detail));
      if (request !== this.request) return;
      if (forms.length === 0) {
        this.deps.toasts.showError('datastore.reportFormError');
        runInAction(() => {
          this.status = RemoteLoadingStatus.loadingFailed;
        });
        back();
        return;
      }
      runInAction(() => {
        this.detail = detail;
        this.definition = definition;
        this.forms = forms;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (request !== this.request) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (error instanceof NotFoundError) this.deps.toasts.showError('common.notFound');
      else if (!(error instanceof ForbiddenError) && !(error instanceof UnauthorizedError)) {
        this.deps.toasts.showError('common.serverErrorTryAgain');
      }
      if (error instanceof NotFoundError || error instanceof ForbiddenError) back();
    }
  }

  // A dictionary field shows the label of its stored code only with the list's entries.
  private async bindDictionaries(forms: RecordFormView[]): Promise<RecordFormView[]> {
    const { dictionaries } = this.deps;
    if (!dictionaries) return forms;
    return Promise.all(
      forms.map(async (view) => ({ ...view, form: await dictionaries.bindForm(view.form) })),
    );
  }
}
