import type { ComponentType } from 'react';
import type { NormalizedField, NormalizedOutcome, ValueType } from '../../../schemas/forms';
import type { FormServices } from './formServices';
import type { ValidationError, ValidationParam } from '../../core/forms/fields/validationError';
import type { LocalizedOption } from '../../core/forms/fields/options';

/** Turns a translation key and its params into text in the form's language. */
export type Translate = (key: string, params?: Readonly<Record<string, ValidationParam>>) => string;

export type { LocalizedOption } from '../../core/forms/fields/options';

/**
 * A field's texts in the form's language, worked out once per field and locale so a
 * keystroke never localises anything.
 */
export interface FieldText {
  /** The label. */
  readonly label: string;
  /** The placeholder, if any. */
  readonly placeholder?: string;
  /** The help text, if any. */
  readonly description?: string;
  /** The choices of option fields, in order; empty for the others. */
  readonly options: readonly LocalizedOption[];
  /** The field's config with every per-locale text resolved to this language. */
  readonly config: Readonly<Record<string, unknown>>;
}

/** Told when a field's value or errors change; each mounted field slot is one. */
export interface FieldWatcher {
  /** The field's value or errors changed. */
  fieldChanged(): void;
}

/**
 * What a widget may ask of the form it sits in. The runtime's `FormStore` implements it.
 * `valueOf`, `errorsOf` and `submitAttempts` are MobX observables: a widget that reads
 * other fields (an expression) wraps itself in mobx-react-lite's `observer` and
 * re-renders when they change. Its own value arrives in its props.
 */
export interface FieldHost {
  /** The current (raw, unsanitised) value of any field. */
  valueOf(fieldId: string): unknown;
  /** A field of the form by id. */
  fieldOf(fieldId: string): NormalizedField | undefined;
  /** Sets a field's value; formulas that read it are recomputed. */
  setValue(fieldId: string, value: unknown): void;
  /** Marks a field as visited (its errors show from now on). */
  touch(fieldId: string): void;
  /** The errors shown for a field now (after a visit or a submit click). */
  errorsOf(fieldId: string): readonly ValidationError[] | undefined;
  /** How many times submit was clicked; message fields block only after the first. */
  readonly submitAttempts: number;
  /** Runs an outcome (save or submit) as if its button in the outcome bar was clicked. */
  requestOutcome(outcome: NormalizedOutcome): void;
  /** A field's raw value, without observing it (the field slots follow watchers instead). */
  peekValue(fieldId: string): unknown;
  /** A field's shown errors, without observing them. */
  peekErrors(fieldId: string): readonly ValidationError[] | undefined;
  /** Calls the watcher whenever the field's value or shown errors change. */
  watchField(fieldId: string, watcher: FieldWatcher): void;
  /** Stops calling the watcher. */
  unwatchField(fieldId: string, watcher: FieldWatcher): void;
}

/**
 * Everything a form shares with its fields, carried as rjsf's `formContext`. Stable for the
 * life of a rendered form (it changes only with the language or read-only mode), so passing
 * it never re-renders the fields.
 */
export interface FieldRuntime {
  /** The form's state. */
  readonly host: FieldHost;
  /** The form's language (`en`, `es`, `fr`). */
  readonly locale: string;
  /** Translates in that language. */
  readonly t: Translate;
  /** The author mode: field ids beside labels, option values, the formula view. */
  readonly accessTest: boolean;
  /** The whole form is read-only (a task that is not the user's own, a report). */
  readonly readOnly: boolean;
  /** Services of the page around the form. */
  readonly services: FormServices;
  /** A field's texts in the form's language. */
  textOf(field: NormalizedField): FieldText;
}

/** The props every field widget receives. */
export interface FieldWidgetProps {
  /** The normalised field (id, type, validation, config as written). */
  readonly field: NormalizedField;
  /** The DOM id of the widget's main control; the label points at it. */
  readonly inputId: string;
  /** The DOM id of the field's error text, for `aria-describedby` (present only with errors). */
  readonly errorId?: string;
  /** The current value, raw: a number field may hold the text being typed. */
  readonly value: unknown;
  /** Stores a new value. */
  onChange(value: unknown): void;
  /** Tells the form the user left the field (errors show from then on). */
  onBlur(): void;
  /** The field may not be edited (its own flag or the whole form's). */
  readonly readOnly: boolean;
  /** The field shows errors now. */
  readonly invalid: boolean;
  /** The field's texts in the form's language. */
  readonly text: FieldText;
  /** The form's runtime: language, translation, services, the other fields. */
  readonly runtime: FieldRuntime;
}

/** A widget component, or a loader of one kept out of the main bundle. */
export type FieldWidget = ComponentType<FieldWidgetProps>;

/** A module whose default export is a widget (what `import('./Widget')` answers). */
export interface FieldWidgetModule {
  /** The widget. */
  readonly default: FieldWidget;
}

/** What a plugin's `sampleValue` may rely on besides the field, so a fill is repeatable. */
export interface SampleContext {
  /** Today as `YYYY-MM-DD`: the date a date field without bounds gets. */
  readonly today: string;
}

/**
 * What a plugin folder declares about its field type. `V` is the type of a sanitised value.
 * Method syntax keeps the plugin assignable to the registry's `FieldPlugin<unknown>`.
 */
export interface FieldPluginDefinition<V> {
  /** The field type this plugin renders; the folder name under `plugins/`. */
  readonly type: string;
  /** The widget, for light plugins. */
  readonly Widget?: FieldWidget;
  /** Loads the widget on first use, for heavy plugins (`() => import('./Widget')`). */
  readonly loadWidget?: () => Promise<FieldWidgetModule>;
  /** Checks a sanitised, non-empty value; `required` is checked by the runtime. */
  validate?(value: V, field: NormalizedField): readonly ValidationError[];
  /** The value of an untouched field without a default. */
  readonly emptyValue: V;
  /** Turns a raw value (typed text, a stored variable) into the value saved. */
  sanitize?(value: unknown, field: NormalizedField): V;
  /** Whether a sanitised value counts as "not filled in" for `required`. */
  isEmpty?(value: V): boolean;
  /**
   * A plausible value that passes the field's rules, for the task page's Autofill (testers
   * walking a process); `undefined` when the plugin cannot think of one. The same field
   * and context always give the same value.
   */
  sampleValue?(field: NormalizedField, context: SampleContext): V | undefined;
  /** The value types this plugin accepts (the compiler's `valueType` of its fields). */
  readonly valueType: ValueType | readonly ValueType[];
  /** Shows something but holds no value (headlines, links, outcome buttons). */
  readonly displayOnly?: boolean;
  /** Its value is computed by the form (formula, message conditions), never typed. */
  readonly computed?: boolean;
  /** The widget shows the label itself (a heading, a tick box with its text beside it). */
  readonly ownsLabel?: boolean | ((field: NormalizedField) => boolean);
  /** The widget shows its errors itself (a message field's tooltip). */
  readonly ownsErrors?: boolean;
  /** The widget code is large; it is loaded only when a form uses the type. */
  readonly heavy?: boolean;
  /**
   * The widget is a plain function that calls no hooks, so the field's slot may call it
   * directly instead of mounting it as a component: one component less per field, which
   * counts in a form of a thousand fields. Widgets with state or effects leave it unset.
   */
  readonly inlineWidget?: boolean;
}

/** A registered plugin: its definition with every optional behaviour filled in. */
export interface FieldPlugin<V = unknown> extends Omit<FieldPluginDefinition<V>, 'ownsLabel'> {
  /** Checks a sanitised, non-empty value. */
  validate(value: V, field: NormalizedField): readonly ValidationError[];
  /** Turns a raw value into the value saved. */
  sanitize(value: unknown, field: NormalizedField): V;
  /** Whether a sanitised value counts as empty. */
  isEmpty(value: V): boolean;
  /** The accepted value types as a list. */
  readonly valueTypes: readonly ValueType[];
  /** Display-only, as a definite flag. */
  readonly displayOnly: boolean;
  /** Computed, as a definite flag. */
  readonly computed: boolean;
  /** Whether the widget shows this field's label itself. */
  ownsLabel(field: NormalizedField): boolean;
  /** Owns its errors, as a definite flag. */
  readonly ownsErrors: boolean;
  /** Heavy, as a definite flag. */
  readonly heavy: boolean;
  /** Inline widget, as a definite flag. */
  readonly inlineWidget: boolean;
}
