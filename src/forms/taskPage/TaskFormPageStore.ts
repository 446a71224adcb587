import {
  makeAutoObservable,
  observableRef,
  reaction,
  runInAction,
  type IReactionDisposer,
} from 'mobx';
import type { LocalizedText, NormalizedForm, NormalizedOutcome } from '../../../schemas/forms';
import {
  ApiError,
  ForbiddenError,
  UnauthorizedError,
  UnprocessableError,
  type ApiErrorDetail,
} from '../../api/errors';
import { fetchSystemSettings } from '../../api/identityApi';
import {
  completeTask,
  fetchCombinedTask,
  fetchTaskForm,
  saveDraft,
  type FormValues,
} from '../../api/formsApi';
import type { ToastStore } from '../../stores/ToastStore';
import { RemoteLoadingStatus, SavingStatus } from '../../stores/statuses';
import { defaultFieldRegistry } from '../registry/createFieldRegistry';
import type { FieldRegistry } from '../registry/FieldRegistry';
import { i18n } from '../../i18n/i18n';
import type { ValidationError, ValidationParam } from '../../core/forms/fields/validationError';
import { FormStore } from '../runtime/FormStore';
import { valuesEqual } from '../runtime/valuesEqual';
import { autofillForm, localToday, type AutofillReport } from './autofillForm';
import { compileServedForm } from './compileServedForm';
import { localizePartTitle } from './localizePartTitle';
import { outcomeModeOf } from '../../core/forms/fields/outcomeMode';
import { cutErrorMessageKey } from './cutErrorMessageKey';
import { formLoadMessage, NoProperPayloadError, type FormLoadMessage } from './formLoadMessage';
import { COMBINED_PREFIX } from '../../../schemas/forms/formPrefixes';
import {
  clearLocalDraft,
  localDraftKey,
  readLocalDraft,
  writeLocalDraft,
  type LocalDraft,
} from './localDraft';

/** Debounce of the local draft: at most one write per pause in typing. */
export const LOCAL_DRAFT_DELAY_MS = 300;
/** Delay before a combined task shows the next or previous form (spec 001 section 9). */
export const FORM_SWITCH_DELAY_MS = 150;
/** The part id of a task whose process names no form for it (never a stored form's id). */
export const FORMLESS_PART_ID = '';

/** Where a combined task's part stands, as its list of forms says it. */
export const PartState = {
  /** Nothing filled in yet. */
  notStarted: 'notStarted',
  /**
   * Holds values (typed, or carried over from an earlier step) but is not complete, and no
   * check has shown it errors yet: an unopened part must not be said to have errors.
   */
  inProgress: 'inProgress',
  /** Checked (its fields visited, a completion tried or refused) and found wanting. */
  hasErrors: 'hasErrors',
  /** Ready for the completion. */
  done: 'done',
} as const;
/** Where a combined task's part stands. */
export type PartState = (typeof PartState)[keyof typeof PartState];

/** One form on the page: the whole form of a task, or one part of a combined task. */
export interface TaskFormPart {
  /** The id the part is saved under. */
  readonly formId: string;
  /** The part's title (the form name when the combined task gives none). */
  readonly title: LocalizedText | null;
  /** The compiled form; null when a combined task's reference did not resolve. */
  readonly form: NormalizedForm | null;
  /** The part's values and errors; null with the form. */
  readonly store: FormStore | null;
}

/** What the page store needs from the app. */
export interface TaskFormPageDeps {
  /** Reports saves and failures. */
  readonly toasts: ToastStore;
  /** Moves to another route (the dashboard after a save). */
  readonly navigate: (to: string) => void;
  /** The tenant, part of the local draft key. */
  readonly tenant: string;
  /** Where the local draft lives; null turns it off. */
  readonly storage: Storage | null;
  /** The field plugins; the app's by default. */
  readonly registry?: FieldRegistry;
  /** The user holds access-autofill; only then is the tenant's Autofill switch read. */
  readonly canAutofill?: boolean;
  /** Today as `YYYY-MM-DD` for Autofill's dates; the browser's day by default. */
  readonly today?: () => string;
  /** Binds the choices of fields that name a system dictionary; without it they have none. */
  readonly dictionaries?: { bindForm(form: NormalizedForm): Promise<NormalizedForm> };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isSaving(outcome: NormalizedOutcome): boolean {
  return outcomeModeOf(outcome.type) === 'save';
}

/**
 * The form of the task page (spec 001 sections 2 and 4): loads and compiles the task's form
 * (each part of a combined task), opens it with the server's values, keeps a local draft of
 * every change so a closed tab loses nothing, saves, completes and moves between the parts
 * of a combined task.
 */
export class TaskFormPageStore {
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Where the last save or completion stands. */
  saving: SavingStatus = SavingStatus.unknown;
  /** Whether the task is a combined user task (several forms, one at a time). */
  combined = false;
  /** The forms shown, one for a plain or designer form. */
  parts: TaskFormPart[] = [];
  /** The part on screen. */
  currentIndex = 0;
  /** A combined task shows its list of forms instead of one form. */
  showingList = false;
  /** A switch between parts is under way (its save, then the 150 ms pause). */
  switching = false;
  /** A local draft that differs from the server's values, offered for restoring. */
  offeredDraft: LocalDraft | null = null;
  /** The server says only the assignee may edit. */
  serverReadOnly = false;
  /** Set once the page is leaving after a save: nothing is unsaved any more. */
  finished = false;
  /** The tenant has Autofill on and the user may use it (read with the form). */
  autofillEnabled = false;
  /** Why the form could not be loaded (spec 001 section 8); null when it loaded or is silent. */
  loadError: FormLoadMessage | null = null;

  private readonly deps: TaskFormPageDeps;
  private taskId = '';
  private requestSeq = 0;
  private stopDraftWriter: IReactionDisposer | null = null;
  private switchTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(deps: TaskFormPageDeps) {
    this.deps = deps;
    makeAutoObservable<
      TaskFormPageStore,
      'deps' | 'taskId' | 'requestSeq' | 'stopDraftWriter' | 'switchTimer'
    >(
      this,
      {
        deps: false,
        taskId: false,
        requestSeq: false,
        stopDraftWriter: false,
        switchTimer: false,
        // A new list on each load: computeds such as `dirty` must see it change.
        parts: observableRef,
      },
      { autoBind: true },
    );
  }

  /** The part on screen, if any. */
  get current(): TaskFormPart | null {
    return this.parts[this.currentIndex] ?? null;
  }

  /** Whether this is the last part (the one with the outcome bar). */
  get isLast(): boolean {
    return this.currentIndex >= this.parts.length - 1;
  }

  /** Whether any part holds changes not saved to the server. */
  get dirty(): boolean {
    if (this.finished) return false;
    return this.parts.some((part) => part.store?.dirty ?? false);
  }

  /**
   * Where a part stands: done, has errors (only once errors are shown in it), in progress
   * or not started.
   */
  partState(part: TaskFormPart): PartState | null {
    const store = part.store;
    if (!store) return null;
    if (store.problems().size === 0) return PartState.done;
    if (store.errors.size > 0) return PartState.hasErrors;
    return store.hasValues() ? PartState.inProgress : PartState.notStarted;
  }

  /** Whether the task's process names no form for it: the page asks only for Complete. */
  get formless(): boolean {
    return this.current?.formId === FORMLESS_PART_ID;
  }

  /** Autofill is offered now: enabled, an editable form on screen (not the list of parts). */
  get canAutofill(): boolean {
    return (
      this.autofillEnabled &&
      !this.serverReadOnly &&
      !this.showingList &&
      !!this.current?.store &&
      !this.formless
    );
  }

  private get draftKey(): string {
    return localDraftKey(this.deps.tenant, this.taskId);
  }

  /** Loads and compiles the task's form, then offers a local draft that differs from it. */
  async load(taskId: string, formKey: string | null): Promise<void> {
    const seq = ++this.requestSeq;
    this.dispose();
    this.taskId = taskId;
    this.status = RemoteLoadingStatus.loading;
    this.offeredDraft = null;
    this.finished = false;
    this.loadError = null;
    try {
      const autofill = this.readAutofillSwitch();
      const parts =
        formKey === null
          ? this.formlessParts()
          : formKey.startsWith(COMBINED_PREFIX)
            ? await this.loadCombined(taskId)
            : await this.loadSingle(taskId);
      const autofillEnabled = await autofill;
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.parts = parts;
        this.autofillEnabled = autofillEnabled;
        this.currentIndex = 0;
        this.showingList = false;
        this.offeredDraft = this.differingDraft();
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
      this.startDraftWriter();
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
        this.loadError = formLoadMessage(error);
      });
    }
  }

  /** The tenant's switch, read only for holders of access-autofill; a failed read is "off". */
  private async readAutofillSwitch(): Promise<boolean> {
    if (!this.deps.canAutofill) return false;
    try {
      return (await fetchSystemSettings()).autofill;
    } catch {
      return false;
    }
  }

  private async loadSingle(taskId: string): Promise<TaskFormPart[]> {
    const answer = await fetchTaskForm(taskId);
    if (!isRecord(answer) || !isRecord(answer.definition)) throw new NoProperPayloadError();
    if (answer.kind === 'combined') throw new Error('A combined task has its own call');
    const form = await this.bindDictionaries(
      compileServedForm(answer.kind, answer.definition, answer.formId),
    );
    runInAction(() => {
      this.combined = false;
      this.serverReadOnly = answer.readOnly;
    });
    return [this.makePart(answer.formId, answer.name, form, answer.values)];
  }

  /**
   * A task whose BPMN names no form (common in real files: a confirmation, a call to make):
   * an empty form, so the page shows its instructions and the Complete button. Nothing is
   * asked of the server, which has no form to answer with; the task page's own rights decide
   * whether it may be completed.
   */
  private formlessParts(): TaskFormPart[] {
    runInAction(() => {
      this.combined = false;
      this.serverReadOnly = false;
    });
    const form = compileServedForm('plain', { fields: [], outcomes: [] }, FORMLESS_PART_ID);
    return [this.makePart(FORMLESS_PART_ID, null, form, {})];
  }

  private async loadCombined(taskId: string): Promise<TaskFormPart[]> {
    const answer = await fetchCombinedTask(taskId);
    if (!isRecord(answer) || !Array.isArray(answer.forms)) throw new NoProperPayloadError();
    runInAction(() => {
      this.combined = true;
      this.serverReadOnly = answer.readOnly;
    });
    const ordered = [...answer.forms].sort((a, b) => a.index - b.index);
    const forms = await Promise.all(
      ordered.map((part) =>
        part.resolved
          ? this.bindDictionaries(compileServedForm(part.kind, part.definition, part.formId))
          : null,
      ),
    );
    return ordered.map((part, index) => {
      const form = forms[index] ?? null;
      return this.makePart(part.formId, part.title ?? form?.name ?? null, form, part.values);
    });
  }

  private bindDictionaries(form: NormalizedForm): Promise<NormalizedForm> {
    return this.deps.dictionaries ? this.deps.dictionaries.bindForm(form) : Promise.resolve(form);
  }

  private makePart(
    formId: string,
    title: LocalizedText | null,
    form: NormalizedForm | null,
    values: FormValues,
  ): TaskFormPart {
    const registry = this.deps.registry ?? defaultFieldRegistry();
    const store = form ? new FormStore(form, { registry, initialValues: values }) : null;
    return { formId, title: title ?? form?.name ?? null, form, store };
  }

  /** The stored local draft when it holds other values than the forms opened with. */
  private differingDraft(): LocalDraft | null {
    const draft = readLocalDraft(this.deps.storage, this.draftKey);
    if (!draft) return null;
    const differs = this.parts.some((part) => {
      const kept = draft.parts[part.formId];
      if (!kept || !part.store) return false;
      const now = part.store.values();
      return Object.entries(kept).some(([fieldId, value]) => !valuesEqual(now[fieldId], value));
    });
    if (!differs) clearLocalDraft(this.deps.storage, this.draftKey);
    return differs ? draft : null;
  }

  /** Writes the local draft after every pause in typing; removes it once nothing is unsaved. */
  private startDraftWriter(): void {
    this.stopDraftWriter = reaction(
      () =>
        this.parts.map((part) =>
          part.store ? part.store.fieldIds().map((fieldId) => part.store?.valueOf(fieldId)) : [],
        ),
      () => this.writeDraft(),
      { delay: LOCAL_DRAFT_DELAY_MS, equals: () => false },
    );
  }

  private writeDraft(): void {
    // An offered draft is kept as it is until the user restores or discards it.
    if (this.offeredDraft || this.finished) return;
    if (!this.dirty) {
      clearLocalDraft(this.deps.storage, this.draftKey);
      return;
    }
    const parts: Record<string, FormValues> = {};
    for (const part of this.parts) if (part.store) parts[part.formId] = part.store.values();
    writeLocalDraft(this.deps.storage, this.draftKey, {
      savedAt: new Date().toISOString(),
      parts,
    });
  }

  /** Puts the offered local draft's values into the forms (they count as unsaved). */
  restoreDraft(): void {
    const draft = this.offeredDraft;
    if (!draft) return;
    for (const part of this.parts) {
      const kept = draft.parts[part.formId];
      if (!kept || !part.store) continue;
      for (const [fieldId, value] of Object.entries(kept)) part.store.setValue(fieldId, value);
    }
    this.offeredDraft = null;
    this.writeDraft();
  }

  /** Drops the offered local draft and keeps the server's values. */
  discardDraft(): void {
    this.offeredDraft = null;
    clearLocalDraft(this.deps.storage, this.draftKey);
  }

  /**
   * An outcome of the bar, by its type (spec 001 section 3): in a combined task ONLY_FORM_SAVE
   * saves the form on screen and SECTION_SAVE every part with changes, and the user stays; a
   * single form is saved by either and the user returns to the dashboard; SECTION_SUBMIT and the default
   * type submit the section: a combined task's earlier part is saved and the next one opens,
   * the last part (or a single form) completes the task.
   */
  async submit(outcome: NormalizedOutcome, values: FormValues): Promise<void> {
    if (isSaving(outcome)) {
      // A single form is the whole task: either save returns to the dashboard (spec 001
      // section 2); inside a combined task the two differ by how much they save.
      if (!this.combined) await this.save(values);
      else if (outcome.type === 'ONLY_FORM_SAVE') await this.saveForm(values);
      else await this.saveSection(values);
      return;
    }
    // A combined task's earlier part submits its section: saved, then the next form.
    if (this.combined && !this.isLast) {
      await this.submitPart(values);
      return;
    }
    // Every part must be complete, as the server will check: the first one that is not is
    // opened with its errors shown, and nothing is sent.
    if (this.combined && this.openFirstIncompletePart()) {
      throw new Error('An earlier form of the combined task is incomplete');
    }
    await this.run(
      this.action('complete'),
      async () => {
        if (this.combined) {
          // The server reads the other parts from their saved drafts: save any unsaved first.
          await this.saveOtherParts();
          await completeTask(this.taskId, outcome.key, values, this.current?.formId);
        } else {
          await completeTask(this.taskId, outcome.key, values);
        }
      },
      'tasks.completedTask',
    );
  }

  /**
   * The Save button: a single form is saved as the assignee's draft and the user returns to
   * the dashboard (tasks.savedTask); inside a combined task the form on screen is saved and
   * the user stays on it (tasks.savedForm).
   */
  async save(values: FormValues): Promise<void> {
    if (this.combined) {
      await this.saveForm(values);
      return;
    }
    await this.run(
      this.action('save'),
      async () => {
        await saveDraft(this.taskId, values);
      },
      'tasks.savedTask',
    );
  }

  /** Saves the form on screen only and stays on it (ONLY_FORM_SAVE; a combined part's Save). */
  async saveForm(values: FormValues): Promise<void> {
    const formId = this.combined ? this.current?.formId : undefined;
    const part = this.current;
    await this.stay(async () => {
      await saveDraft(this.taskId, values, formId);
      part?.store?.markSaved();
    });
  }

  /** Saves every part of a combined task with changes, the one on screen first, and stays. */
  private async saveSection(values: FormValues): Promise<void> {
    const formId = this.current?.formId;
    const part = this.current;
    await this.stay(async () => {
      await saveDraft(this.taskId, values, formId);
      part?.store?.markSaved();
      await this.saveOtherParts();
    });
  }

  // A combined task's earlier part submitted: saved as it is (it was validated), then the
  // next part opens; a failed save keeps the user on the part with the part's message.
  private async submitPart(values: FormValues): Promise<void> {
    const part = this.current;
    this.saving = SavingStatus.saving;
    try {
      await saveDraft(this.taskId, values, part?.formId);
      part?.store?.markSaved();
    } catch (error) {
      runInAction(() => {
        this.saving = SavingStatus.error;
      });
      const key = cutErrorMessageKey(error);
      if (key) this.deps.toasts.showError(key, undefined, this.action('save'));
      throw error;
    }
    runInAction(() => {
      this.saving = SavingStatus.success;
    });
    await this.goTo(this.currentIndex + 1);
  }

  // Runs a save that keeps the user on the page: tasks.savedForm, and the local draft is
  // dropped once nothing is left unsaved.
  private async stay(call: () => Promise<void>): Promise<void> {
    this.saving = SavingStatus.saving;
    try {
      await call();
    } catch (error) {
      runInAction(() => {
        this.saving = SavingStatus.error;
      });
      this.reportFailure(error, this.action('save'));
      throw error;
    }
    runInAction(() => {
      this.saving = SavingStatus.success;
    });
    if (!this.dirty) clearLocalDraft(this.deps.storage, this.draftKey);
    this.deps.toasts.showSuccess('tasks.savedForm', undefined, this.action('save'));
  }

  // Shows the errors of every other part that a completion would refuse and opens the first
  // of them; answers whether there was one.
  private openFirstIncompletePart(): boolean {
    let first = -1;
    this.parts.forEach((part, index) => {
      if (part === this.current || !part.store) return;
      const problems = part.store.problems();
      if (problems.size === 0) return;
      part.store.showErrors(problems);
      if (first < 0) first = index;
    });
    if (first < 0) return false;
    this.openPart(first);
    this.deps.toasts.showError(
      'taskForm.partIncomplete',
      { form: this.titleOf(first) },
      this.action('complete'),
    );
    return true;
  }

  // A part's title in the page's language, else its id.
  private titleOf(index: number): string {
    const part = this.parts[index];
    if (!part) return '';
    return localizePartTitle(i18n, part.formId, part.title, i18n.language) || part.formId;
  }

  // Shows a part at once: its values are all in memory, there is nothing to save first.
  private openPart(index: number): void {
    if (this.switchTimer) clearTimeout(this.switchTimer);
    this.switchTimer = null;
    this.switching = false;
    this.currentIndex = index;
    this.showingList = false;
  }

  private async saveOtherParts(): Promise<void> {
    const current = this.current;
    for (const part of this.parts) {
      if (part === current || !part.store?.dirty) continue;
      await saveDraft(this.taskId, part.store.values(), part.formId);
      part.store.markSaved();
    }
  }

  // The toasts' name for what the user does to this task, so a later success of the same
  // action closes its failures.
  private action(kind: 'save' | 'complete'): string {
    return `task.${kind}:${this.taskId}`;
  }

  private async run(action: string, call: () => Promise<void>, successKey: string): Promise<void> {
    this.saving = SavingStatus.saving;
    try {
      await call();
    } catch (error) {
      runInAction(() => {
        this.saving = SavingStatus.error;
      });
      this.reportFailure(error, action);
      throw error;
    }
    runInAction(() => {
      this.saving = SavingStatus.success;
      this.finished = true;
      for (const part of this.parts) part.store?.markSaved();
    });
    clearLocalDraft(this.deps.storage, this.draftKey);
    this.deps.toasts.showSuccess(successKey, undefined, action);
    this.deps.navigate('/');
  }

  private reportFailure(error: unknown, action: string): void {
    if (error instanceof UnauthorizedError || error instanceof ForbiddenError) return;
    if (error instanceof UnprocessableError && error.details.length > 0) {
      const unplaced = this.placeProblems(error.details);
      if (unplaced.length === 0) {
        this.deps.toasts.showError('taskForm.fieldsMarked', undefined, action);
        return;
      }
      const reasons = unplaced
        .map((detail) => i18n.t(detail.code, messageParams(detail.params)))
        .join(' ');
      this.deps.toasts.showError('taskForm.fieldsRefused', { reasons }, action);
      return;
    }
    // An outcome refused with a code of its own says so (spec 001 section 8, outcome.{code}).
    if (error instanceof ApiError && i18n.exists(`outcome.${error.code}`)) {
      this.deps.toasts.showError(`outcome.${error.code}`, undefined, action);
      return;
    }
    this.deps.toasts.showError('common.serverErrorTryAgain', undefined, action);
  }

  /**
   * Puts the server's refusals on their fields, translated like the browser's own errors
   * (a combined task's in the part each names), opens the first part with one and brings
   * its first field into view. Answers the problems no field of the form can show.
   */
  private placeProblems(details: readonly ApiErrorDetail[]): ApiErrorDetail[] {
    const unplaced: ApiErrorDetail[] = [];
    const byPart = new Map<number, Map<string, ValidationError[]>>();
    for (const detail of details) {
      // `dateOfBirth`, or `/address/street` for a value inside a field.
      const fieldId = detail.path.replace(/^\/+/, '').split('/')[0] ?? '';
      const formId = detail.params?.formId;
      const index = this.parts.findIndex(
        (part) =>
          fieldId !== '' &&
          part.store?.fieldOf(fieldId) !== undefined &&
          (!this.combined || typeof formId !== 'string' || part.formId === formId),
      );
      if (index < 0) {
        unplaced.push(detail);
        continue;
      }
      const errors = byPart.get(index) ?? new Map<string, ValidationError[]>();
      byPart.set(index, errors);
      const fieldErrors = errors.get(fieldId) ?? [];
      errors.set(fieldId, fieldErrors);
      if (!fieldErrors.some((known) => known.code === detail.code)) {
        fieldErrors.push({ code: detail.code, params: messageParams(detail.params) });
      }
    }
    const indexes = [...byPart.keys()].sort((a, b) => a - b);
    const first = indexes[0];
    if (first !== undefined && this.combined && first !== this.currentIndex) this.openPart(first);
    for (const index of indexes) {
      const errors = byPart.get(index);
      if (errors) this.parts[index]?.store?.showErrors(errors);
    }
    return unplaced;
  }

  /**
   * Moves to another part of a combined task: saves the current one first when it has
   * unsaved changes and moves only when that save succeeds, after 150 ms. `save` false moves
   * without saving (the page turned read-only; the values stay in the part).
   */
  async goTo(index: number, save = true): Promise<void> {
    if (index < 0 || index >= this.parts.length || this.switching) return;
    const part = this.current;
    this.switching = true;
    if (save && part?.store?.dirty && !this.serverReadOnly) {
      try {
        await saveDraft(this.taskId, part.store.values(), part.formId);
        part.store.markSaved();
      } catch (error) {
        runInAction(() => {
          this.switching = false;
        });
        const key = cutErrorMessageKey(error);
        if (key) this.deps.toasts.showError(key, undefined, this.action('save'));
        return;
      }
    }
    this.switchTimer = setTimeout(() => {
      runInAction(() => {
        this.switchTimer = null;
        this.currentIndex = index;
        this.showingList = false;
        this.switching = false;
      });
    }, FORM_SWITCH_DELAY_MS);
  }

  /**
   * Autofill: fills the empty, editable fields of the form on screen with plausible values
   * (a combined task's current part only: the others are filled when the tester gets there)
   * and says how it went. When the form still cannot be submitted, its errors are shown so
   * the fields left for the tester stand out.
   */
  autofill(locale: string): AutofillReport | null {
    const part = this.current;
    const store = part?.store;
    if (!this.canAutofill || !part || !store) return null;
    const registry = this.deps.registry ?? defaultFieldRegistry();
    const today = this.deps.today?.() ?? localToday();
    const report = autofillForm(store, registry, { today });
    if (report.complete) {
      this.deps.toasts.showSuccess('taskForm.autoFillSuccess', { count: report.filled.length });
      return report;
    }
    store.validateAll();
    if (this.combined) {
      const form = localizePartTitle(i18n, part.formId, part.title, locale) || part.formId;
      this.deps.toasts.showError('taskForm.autoFillCUTSingleFormError', { form });
    } else {
      this.deps.toasts.showError('taskForm.autoFillFormError');
    }
    return report;
  }

  /** Shows a combined task's list of forms (values are kept). */
  showList(): void {
    this.showingList = true;
  }

  /** Stops the draft writer and a pending switch (the page unmounts or reloads). */
  dispose(): void {
    this.stopDraftWriter?.();
    this.stopDraftWriter = null;
    if (this.switchTimer) clearTimeout(this.switchTimer);
    this.switchTimer = null;
    this.switching = false;
  }
}

// A refusal's params as a message reads them: plain values only, without the part's id.
function messageParams(
  params: Readonly<Record<string, unknown>> | undefined,
): Record<string, ValidationParam> {
  const result: Record<string, ValidationParam> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key === 'formId') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      result[key] = value;
    }
  }
  return result;
}
