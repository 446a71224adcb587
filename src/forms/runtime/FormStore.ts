import {
  compareStructural,
  computed,
  createAtom,
  makeAutoObservable,
  observable,
  type IAtom,
  type IComputedValue,
} from 'mobx';
import type { NormalizedField, NormalizedForm, NormalizedOutcome } from '../../../schemas/forms';
import { collectFormulas } from '../../core/forms/compiler/collectFormulas';
import {
  buildDependencyGraph,
  type DependencyGraph,
} from '../../core/forms/formula/buildDependencyGraph';
import { recalculate } from '../../core/forms/formula/recalculate';
import {
  hiddenFieldIds,
  hiddenFieldIdsBy,
  ruleHolds,
} from '../../core/forms/visibility/evaluateVisibility';
import { ruleGraph } from '../../core/forms/visibility/ruleGraph';
import type { FieldHost, FieldWatcher } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import { outcomeModeOf, type OutcomeMode } from '../../core/forms/fields/outcomeMode';
import type { ValidationError } from '../../core/forms/fields/validationError';
import { FormValidator, type FieldErrorMap, type FormValues } from './FormValidator';
import { valuesEqual } from './valuesEqual';

/** What an outcome click asks the page to do: submit (already validated) or save. */
export interface OutcomeRequest {
  /** The button clicked. */
  readonly outcome: NormalizedOutcome;
  /** Submit (validated) or save a draft (not validated). */
  readonly mode: OutcomeMode;
  /** The sanitised values of every field that holds one. */
  readonly values: FormValues;
}

/** Who hears outcome clicks: the task form, which calls the page's handlers. */
export interface OutcomeListener {
  /** An outcome passed validation (or needs none). */
  onOutcome(request: OutcomeRequest): void;
  /** A submit was refused; the errors are in `errors`. */
  onInvalid(errors: FieldErrorMap): void;
}

/**
 * The deepest chain of rules reading rules whose fields are judged one by one; a deeper one
 * (thousands of rules each reading the one before) is judged in one pass without recursion.
 */
export const OWN_RULES_MAX_DEPTH = 64;

/** What shows a form's fields: it can put a field in the page that is not there yet. */
export interface FieldView {
  /** Puts the field's part of the form in the DOM now (a long form mounts its parts lazily). */
  reveal(fieldId: string): void;
}

/** Options of a form store. */
export interface FormStoreOptions {
  /** The plugins that give each type its rules, empty value and sanitising. */
  readonly registry: FieldRegistry;
  /** Saved values (task variables, a draft); fields without one start at their default. */
  readonly initialValues?: Readonly<Record<string, unknown>>;
  /**
   * Nothing may be edited (a record, a report, a task the user cannot work on): formula
   * fields show the values they hold instead of recalculating. See {@link FormStore.setReadOnly}.
   */
  readonly readOnly?: boolean;
}

/**
 * The state of one rendered form: values, the values it opened with, visited fields,
 * errors, submit clicks. Values are MobX observables through `valueOf`, each field with
 * its own atom made on first observation, so only what is watched costs anything; the
 * mounted field slots follow their own field through `watchField` instead, which is all a
 * keystroke wakes. Formulas are recomputed through the dependency graph, so a change
 * touches only the computed fields that read it.
 */
export class FormStore implements FieldHost {
  /** The form this state belongs to. */
  readonly form: NormalizedForm;
  /** The validator (an rjsf `ValidatorType`) the renderer hands to rjsf too. */
  readonly validator: FormValidator;
  /** Errors shown now, by field id: after a visit, or for every field after a submit click. */
  readonly errors = observable.map<string, readonly ValidationError[]>({}, { deep: false });
  /** Fields the user has left at least once. */
  readonly touched = observable.set<string>();
  /** Value fields whose value differs from the one the form opened with. */
  readonly changed = observable.set<string>();
  /** How many times a submitting outcome was clicked. */
  submitAttempts = 0;

  private readonly fields = new Map<string, NormalizedField>();
  private readonly registry: FieldRegistry;
  // The values as a plain record without prototype: the slots and the formula engine read it.
  private readonly current: FormValues = Object.create(null) as FormValues;
  private readonly atoms = new Map<string, IAtom>();
  private readonly watchers = new Map<string, FieldWatcher | FieldWatcher[]>();
  // The raw value a field had when the form opened (or was last saved), kept only for the
  // fields changed since: the others still hold it in `current`. A large form opens
  // without a second record of all its values.
  private readonly opening = new Map<string, unknown>();
  private readonly graph: DependencyGraph;
  // What a read-only form still computes: the message conditions, which hold no value.
  private conditionGraph: DependencyGraph | null = null;
  // Each formula field's value as it opened (or was last saved): what a read-only form shows.
  private readonly storedFormulas = new Map<string, unknown>();
  private readOnly: boolean;
  // The fields with a visibility condition. Each is judged on its own, as a computed value
  // of its inputs' values and shown states, so a keystroke judges again only the rules
  // that read that field. Rules in a loop (or reading one), and chains deeper than
  // `OWN_RULES_MAX_DEPTH`, are judged all together as `hiddenFieldIdsBy` does, in
  // `hiddenNow`, which tells observers only when the hidden ids change.
  private readonly ruled: NormalizedField[] = [];
  private readonly judgedAlone: ReadonlySet<string>;
  private readonly shownBy = new Map<string, IComputedValue<boolean>>();
  private readonly hiddenNow: IComputedValue<readonly string[]>;
  private listener: OutcomeListener | null = null;
  // Errors to bring into view once the form is on screen (a part not shown yet).
  private pendingReveal: FieldErrorMap | null = null;
  // The renderers showing this form now (the preview shows one form in three frames).
  private readonly views = new Set<FieldView>();

  // A type's rules as the registry's plugin carries them (an unknown type: the unsupported one).
  private readonly rulesOf = (type: string) => this.registry.resolve(type);

  constructor(form: NormalizedForm, options: FormStoreOptions) {
    this.form = form;
    this.registry = options.registry;
    this.validator = new FormValidator(this.fields, options.registry);
    const given = options.initialValues ?? {};
    // 1. Each field (the first of a repeated id) starts from its saved value, its default
    //    or its plugin's empty value.
    for (const section of form.sections) {
      for (const field of section.fields) {
        if (this.fields.has(field.id)) continue;
        this.fields.set(field.id, field);
        if (field.visibleWhen) this.ruled.push(field);
        this.current[field.id] = Object.hasOwn(given, field.id)
          ? given[field.id]
          : field.defaultValue !== undefined
            ? field.defaultValue
            : this.registry.resolve(field.type).emptyValue;
      }
    }
    // 2. Computed fields once, in dependency order, before anything renders. What
    //    "unchanged" means is then the values as they are now. A read-only form keeps its
    //    formula values as stored: lists, exports and documents show those, so a record
    //    must not show what its expression makes of the values today.
    this.graph = buildDependencyGraph(collectFormulas(form, this.rulesOf));
    for (const node of this.graph.nodes.values()) {
      if (node.kind === 'value') this.storedFormulas.set(node.id, this.current[node.id]);
    }
    this.readOnly = options.readOnly ?? false;
    this.applyComputed(recalculate(this.graphNow(), this.current, null).values);
    this.hiddenNow = computed(
      () => [...hiddenFieldIdsBy(this.ruled, (fieldId) => this.valueOf(fieldId))].sort(),
      { equals: compareStructural },
    );
    const rules = ruleGraph(this.ruled);
    this.judgedAlone =
      rules.depth <= OWN_RULES_MAX_DEPTH ? new Set(rules.depthOf.keys()) : new Set<string>();
    makeAutoObservable<
      this,
      | 'fields'
      | 'registry'
      | 'current'
      | 'atoms'
      | 'watchers'
      | 'opening'
      | 'graph'
      | 'conditionGraph'
      | 'storedFormulas'
      | 'readOnly'
      | 'graphNow'
      | 'ruled'
      | 'judgedAlone'
      | 'shownBy'
      | 'hiddenNow'
      | 'listener'
      | 'pendingReveal'
      | 'views'
    >(
      this,
      {
        form: false,
        validator: false,
        errors: false,
        touched: false,
        changed: false,
        fields: false,
        registry: false,
        current: false,
        atoms: false,
        watchers: false,
        opening: false,
        graph: false,
        conditionGraph: false,
        storedFormulas: false,
        readOnly: false,
        graphNow: false,
        ruled: false,
        judgedAlone: false,
        shownBy: false,
        hiddenNow: false,
        isShown: false,
        listener: false,
        pendingReveal: false,
        views: false,
        attachView: false,
        reveal: false,
        problems: false,
        hasValues: false,
        valueOf: false,
        fieldOf: false,
        fieldIds: false,
        errorsOf: false,
        peekValue: false,
        peekErrors: false,
        watchField: false,
        unwatchField: false,
        listen: false,
      },
      { autoBind: true },
    );
  }

  /** Whether any value differs from the one the form opened with (or was last saved with). */
  get dirty(): boolean {
    return this.changed.size > 0;
  }

  /** The raw value of a field, observed: an observer reading it re-renders when it changes. */
  valueOf(fieldId: string): unknown {
    if (!this.fields.has(fieldId)) return undefined;
    let atom = this.atoms.get(fieldId);
    if (!atom) {
      atom = createAtom(`FormStore.value.${fieldId}`);
      this.atoms.set(fieldId, atom);
    }
    atom.reportObserved();
    return this.current[fieldId];
  }

  /** The raw value of a field, not observed. */
  peekValue(fieldId: string): unknown {
    return this.current[fieldId];
  }

  /** A field by id. */
  fieldOf(fieldId: string): NormalizedField | undefined {
    return this.fields.get(fieldId);
  }

  /** The field ids in form order, each once. */
  fieldIds(): string[] {
    return [...this.fields.keys()];
  }

  /** Whether a field is shown now (observed): its visibility condition holds, or it has none. */
  isShown(fieldId: string): boolean {
    const rule = this.fields.get(fieldId)?.visibleWhen;
    if (!rule) return true;
    if (!this.judgedAlone.has(fieldId)) return !this.hiddenNow.get().includes(fieldId);
    let shown = this.shownBy.get(fieldId);
    if (!shown) {
      // A hidden input reads as empty, as its value is not sent: hiding chains.
      const read = (input: string) => (this.isShown(input) ? this.valueOf(input) : undefined);
      shown = computed(() => ruleHolds(rule, read));
      this.shownBy.set(fieldId, shown);
    }
    return shown.get();
  }

  /** The errors shown for a field now (observed). */
  errorsOf(fieldId: string): readonly ValidationError[] | undefined {
    return this.errors.get(fieldId);
  }

  /** The errors shown for a field now, not observed. */
  peekErrors(fieldId: string): readonly ValidationError[] | undefined {
    return this.errors.get(fieldId);
  }

  /** Calls the watcher whenever the field's value or errors change. */
  watchField(fieldId: string, watcher: FieldWatcher): void {
    const known = this.watchers.get(fieldId);
    if (!known) this.watchers.set(fieldId, watcher);
    else if (Array.isArray(known)) known.push(watcher);
    else this.watchers.set(fieldId, [known, watcher]);
  }

  /** Stops calling the watcher. */
  unwatchField(fieldId: string, watcher: FieldWatcher): void {
    const known = this.watchers.get(fieldId);
    if (known === watcher) this.watchers.delete(fieldId);
    else if (Array.isArray(known)) {
      const rest = known.filter((candidate) => candidate !== watcher);
      if (rest.length === 1 && rest[0]) this.watchers.set(fieldId, rest[0]);
      else this.watchers.set(fieldId, rest);
    }
  }

  /**
   * Sets a field's value. Then, in the same action: the field's changed flag, its errors
   * if they are showing, and the computed fields that read it (only those).
   */
  setValue(fieldId: string, value: unknown): void {
    if (!this.fields.has(fieldId) || Object.is(this.current[fieldId], value)) return;
    if (!this.opening.has(fieldId)) this.opening.set(fieldId, this.current[fieldId]);
    this.current[fieldId] = value;
    this.atoms.get(fieldId)?.reportChanged();
    this.trackChange(fieldId);
    if (this.touched.has(fieldId) || this.submitAttempts > 0) this.revalidate(fieldId);
    this.notify(fieldId);
    const graph = this.graphNow();
    if (graph.dependents.has(fieldId)) {
      this.applyComputed(recalculate(graph, this.current, fieldId).values);
    }
  }

  /** Marks a field as visited and shows its errors. */
  touch(fieldId: string): void {
    if (!this.fields.has(fieldId)) return;
    this.touched.add(fieldId);
    this.revalidate(fieldId);
    this.notify(fieldId);
  }

  /** Validates every field and shows every error; answers them (empty when valid). */
  validateAll(): FieldErrorMap {
    const result = this.validator.validateValues(this.current);
    const affected = new Set([...this.errors.keys(), ...result.keys()]);
    this.errors.replace(result);
    for (const fieldId of affected) this.notify(fieldId);
    return result;
  }

  /**
   * The errors a submit would show, without showing them: what a list of a combined task's
   * parts reads to say which part still has problems.
   */
  problems(): FieldErrorMap {
    return this.validator.validateValues(this.current);
  }

  /** Whether any value field holds a value (a part the user has started). */
  hasValues(): boolean {
    return [...this.fields.values()].some((field) => {
      const plugin = this.registry.resolve(field.type);
      if (plugin.displayOnly || plugin.computed) return false;
      return !plugin.isEmpty(plugin.sanitize(this.current[field.id], field));
    });
  }

  /**
   * Shows errors found elsewhere (the server refused a save or a completion) on their
   * fields, as a refused submit does, and brings the first into view: now if the form is
   * on screen, else when it is next shown. A field shows its error until it is changed.
   */
  showErrors(errors: FieldErrorMap): void {
    const shown = new Map<string, readonly ValidationError[]>();
    for (const [fieldId, fieldErrors] of errors) {
      if (!this.fields.has(fieldId) || fieldErrors.length === 0) continue;
      this.errors.set(fieldId, fieldErrors);
      this.touched.add(fieldId);
      shown.set(fieldId, fieldErrors);
      this.notify(fieldId);
    }
    if (shown.size === 0) return;
    if (this.listener) this.listener.onInvalid(shown);
    else this.pendingReveal = shown;
  }

  /** Counts a submit click and validates everything; answers whether the form may be sent. */
  attemptSubmit(): boolean {
    this.submitAttempts += 1;
    return this.validateAll().size === 0;
  }

  /** The sanitised values of every field that holds one: what a save or a submit sends. */
  values(): FormValues {
    return { ...this.sanitizedValues() };
  }

  /** Makes the current values the unchanged state, after a successful save. */
  markSaved(): void {
    this.opening.clear();
    this.changed.clear();
    // The formulas' values were saved with the rest: they are what the form now holds.
    const saved = this.sanitizedValues();
    for (const fieldId of this.storedFormulas.keys()) {
      if (Object.hasOwn(saved, fieldId)) this.storedFormulas.set(fieldId, saved[fieldId]);
    }
  }

  /**
   * Makes the form read-only or editable (a task claimed or handed on while open). Read-only,
   * formula fields go back to the values they hold; editable, they recalculate from the
   * other fields, as a user working on the task must see. Message conditions always compute.
   */
  setReadOnly(readOnly: boolean): void {
    if (this.readOnly === readOnly) return;
    this.readOnly = readOnly;
    if (readOnly) this.applyComputed(Object.fromEntries(this.storedFormulas));
    this.applyComputed(recalculate(this.graphNow(), this.current, null).values);
  }

  /** Lets a renderer bring fields into the page on request; answers a function that stops it. */
  attachView(view: FieldView): () => void {
    this.views.add(view);
    return () => {
      this.views.delete(view);
    };
  }

  /** Puts a field in the page now, in every renderer showing the form, before it is focused. */
  reveal(fieldId: string): void {
    for (const view of this.views) view.reveal(fieldId);
  }

  /** Lets a listener hear outcome clicks (the task form); answers a function that stops it. */
  listen(listener: OutcomeListener): () => void {
    this.listener = listener;
    const pending = this.pendingReveal;
    this.pendingReveal = null;
    if (pending) listener.onInvalid(pending);
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }

  /**
   * Runs an outcome: a submitting one is validated first and refused with the errors
   * shown; a saving one goes out as it is.
   */
  requestOutcome(outcome: NormalizedOutcome): void {
    const mode = outcomeModeOf(outcome.type);
    if (mode === 'submit') {
      this.submitAttempts += 1;
      const errors = this.validateAll();
      if (errors.size > 0) {
        this.listener?.onInvalid(errors);
        return;
      }
    }
    this.listener?.onOutcome({ outcome, mode, values: this.values() });
  }

  // The computed fields recalculated now: all of them, or in a read-only form the conditions.
  private graphNow(): DependencyGraph {
    if (!this.readOnly) return this.graph;
    if (!this.conditionGraph) {
      const conditions = Object.entries(collectFormulas(this.form, this.rulesOf)).filter(
        ([, source]) => source.kind === 'condition',
      );
      this.conditionGraph = buildDependencyGraph(Object.fromEntries(conditions));
    }
    return this.conditionGraph;
  }

  private notify(fieldId: string): void {
    const watchers = this.watchers.get(fieldId);
    if (!watchers) return;
    if (Array.isArray(watchers)) for (const watcher of watchers) watcher.fieldChanged();
    else watchers.fieldChanged();
  }

  private revalidate(fieldId: string): void {
    const errors = this.validator.validateField(fieldId, this.current[fieldId]);
    if (errors.length > 0) this.errors.set(fieldId, errors);
    else if (this.errors.has(fieldId)) this.errors.delete(fieldId);
  }

  private applyComputed(values: Readonly<Record<string, unknown>>): void {
    for (const fieldId of Object.keys(values)) {
      if (!this.fields.has(fieldId)) continue;
      const value = values[fieldId];
      if (valuesEqual(this.current[fieldId], value)) continue;
      this.current[fieldId] = value;
      this.atoms.get(fieldId)?.reportChanged();
      // A message rule that turns false after a submit click must show its block at once.
      if (this.submitAttempts > 0) this.revalidate(fieldId);
      this.notify(fieldId);
    }
  }

  private trackChange(fieldId: string): void {
    const field = this.fields.get(fieldId);
    if (!field) return;
    const plugin = this.registry.resolve(field.type);
    if (plugin.displayOnly || plugin.computed) return;
    if (!this.opening.has(fieldId)) {
      this.changed.delete(fieldId);
      return;
    }
    const same = valuesEqual(
      plugin.sanitize(this.current[fieldId], field),
      plugin.sanitize(this.opening.get(fieldId), field),
    );
    if (same) {
      // Back to a value that saves as the opening one: the current one stands for it.
      this.opening.delete(fieldId);
      this.changed.delete(fieldId);
    } else this.changed.add(fieldId);
  }

  // Without prototype: a plain record of a thousand keys would also make a thousand
  // hidden classes on the way, where a dictionary makes none.
  private sanitizedValues(): FormValues {
    const values: FormValues = Object.create(null) as FormValues;
    // A field its condition hides is not sent.
    const hidden = hiddenFieldIds(this.ruled, this.current);
    for (const [fieldId, field] of this.fields) {
      const plugin = this.registry.resolve(field.type);
      if (plugin.displayOnly || hidden.has(fieldId)) continue;
      values[fieldId] = plugin.sanitize(this.current[fieldId], field);
    }
    return values;
  }
}
