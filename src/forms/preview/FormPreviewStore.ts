import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  fetchFormDefinition,
  fetchFormList,
  previewForm,
  type FormSummary,
  type FormValues,
  type PreviewAnswer,
} from '../../api/formsApi';
import { ApiError } from '../../api/errors';
import type { Language } from '../../i18n/languages';
import { RemoteLoadingStatus } from '../../stores/statuses';
import type { Breakpoint } from '../runtime/planGrid';
import { parseDefinition, type JsonErrorLocation } from './locateJsonError';

/** How long typing must pause before the definition is compiled again. */
export const COMPILE_DELAY_MS = 400;

/** Why the last compile call failed, each a key under `preview.failure.` in the locales. */
export const CompileFailure = {
  tooLarge: 'tooLarge',
  network: 'network',
  other: 'other',
} as const;
/** One of `CompileFailure`. */
export type CompileFailure = (typeof CompileFailure)[keyof typeof CompileFailure];

/** An outcome pressed in one of the frames, with the values the form would send. */
export interface PreviewSubmission {
  /** The outcome's label key. */
  readonly outcome: string;
  /** The frame it was pressed in. */
  readonly breakpoint: Breakpoint;
  /** Whether it was the Save button (a draft, unvalidated) rather than an outcome. */
  readonly draft: boolean;
  /** The values sent. */
  readonly values: FormValues;
}

/** What the preview needs from outside: the calls, so tests can give their own. */
export interface FormPreviewApi {
  readonly list: typeof fetchFormList;
  readonly definition: typeof fetchFormDefinition;
  readonly compile: typeof previewForm;
}

const SERVER_API: FormPreviewApi = {
  list: fetchFormList,
  definition: fetchFormDefinition,
  compile: previewForm,
};

/**
 * The author preview: the definition being edited, the stored forms to pick from, and what
 * the compiler made of the text. Typing compiles after a pause; a compile that an edit has
 * overtaken is dropped, and the last good result stays on screen while the text is not
 * valid JSON, so an author never loses the rendering to a half-typed brace.
 */
export class FormPreviewStore {
  /** The definition as typed or picked. */
  text = '';
  /** Where the text stops being JSON; null while it is valid (or empty). */
  jsonError: JsonErrorLocation | null = null;
  /** Where the compile call stands. */
  compileStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Why the last compile call failed. */
  compileFailure: CompileFailure | null = null;
  /** The last compiler answer. */
  result: PreviewAnswer | null = null;
  /** The language the frames render in. */
  locale: Language;
  /** The stored forms of the tenant. */
  forms: readonly FormSummary[] = [];
  /** Where loading the stored forms stands. */
  listStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The stored form picked last; null when the text was pasted or typed. */
  pickedId: string | null = null;
  /** Where loading the picked definition stands. */
  pickStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The outcome pressed last in a frame. */
  submission: PreviewSubmission | null = null;
  /** An edit waits for typing to pause before it is compiled. */
  compileDue = false;

  private readonly api: FormPreviewApi;
  private compileSeq = 0;
  private pickSeq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * @param locale the language the frames start in (the interface's)
   * @param api the server calls; tests pass fakes
   */
  constructor(locale: Language, api: FormPreviewApi = SERVER_API) {
    this.locale = locale;
    this.api = api;
    makeAutoObservable<FormPreviewStore, 'api' | 'compileSeq' | 'pickSeq' | 'timer'>(this, {
      api: false,
      compileSeq: false,
      pickSeq: false,
      timer: false,
      result: observableRef,
      forms: observableRef,
      submission: observableRef,
    });
  }

  /** Whether the rendering shows an older text than the editor's (a compile is due or failed). */
  get isStale(): boolean {
    return this.result !== null && (this.jsonError !== null || this.compileDue);
  }

  /** Replaces the text and compiles it once typing pauses. */
  setText(text: string): void {
    this.text = text;
    this.pickedId = null;
    this.schedule();
  }

  /** Re-indents the text when it is valid JSON, and compiles it; otherwise changes nothing. */
  format(): void {
    const parsed = parseDefinition(this.text);
    if (!parsed.ok) return;
    this.text = JSON.stringify(parsed.value, null, 2);
    void this.compileNow();
  }

  /** Switches the language of the frames. */
  setLocale(locale: Language): void {
    this.locale = locale;
  }

  /** Records the outcome pressed in a frame, to show what the form would send. */
  recordSubmission(submission: PreviewSubmission): void {
    this.submission = submission;
  }

  /** Loads the tenant's stored forms for the picker. */
  async loadForms(): Promise<void> {
    this.listStatus = RemoteLoadingStatus.loading;
    try {
      const forms = await this.api.list();
      runInAction(() => {
        this.forms = [...forms].sort((a, b) => a.id.localeCompare(b.id));
        this.listStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      runInAction(() => {
        this.listStatus = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** Puts a stored form's definition into the editor, pretty-printed, and compiles it. */
  async pick(formId: string): Promise<void> {
    const seq = ++this.pickSeq;
    this.pickedId = formId;
    this.pickStatus = RemoteLoadingStatus.loading;
    try {
      const answer = await this.api.definition(formId);
      if (seq !== this.pickSeq) return;
      runInAction(() => {
        this.text = JSON.stringify(answer.definition, null, 2);
        this.pickStatus = RemoteLoadingStatus.fullyLoaded;
      });
      await this.compileNow();
    } catch {
      if (seq !== this.pickSeq) return;
      runInAction(() => {
        this.pickStatus = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** Compiles the text now, dropping any pending delayed compile. */
  async compileNow(): Promise<void> {
    this.cancelTimer();
    const seq = ++this.compileSeq;
    // 1. Empty text: nothing to show, and no complaint either.
    if (this.text.trim() === '') {
      this.jsonError = null;
      this.result = null;
      this.compileStatus = RemoteLoadingStatus.unknown;
      return;
    }
    // 2. Not JSON: say where, keep the last rendering.
    const parsed = parseDefinition(this.text);
    if (!parsed.ok) {
      this.jsonError = parsed.location;
      return;
    }
    this.jsonError = null;
    // 3. The server compiles; an answer an edit has overtaken is dropped.
    this.compileStatus = RemoteLoadingStatus.loading;
    try {
      const result = await this.api.compile(parsed.value);
      if (seq !== this.compileSeq) return;
      runInAction(() => {
        this.result = result;
        this.submission = null;
        this.compileFailure = null;
        this.compileStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (seq !== this.compileSeq) return;
      runInAction(() => {
        this.compileFailure = failureOf(error);
        this.compileStatus = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** Stops the pending compile (the page is closing). */
  dispose(): void {
    this.cancelTimer();
  }

  private schedule(): void {
    this.cancelTimer();
    this.compileDue = true;
    this.timer = setTimeout(() => void this.compileNow(), COMPILE_DELAY_MS);
  }

  private cancelTimer(): void {
    this.compileDue = false;
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
  }
}

function failureOf(error: unknown): CompileFailure {
  if (!(error instanceof ApiError)) return CompileFailure.other;
  if (error.status === 413) return CompileFailure.tooLarge;
  if (error.status === 0) return CompileFailure.network;
  return CompileFailure.other;
}
