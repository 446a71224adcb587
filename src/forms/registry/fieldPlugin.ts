import type { ComponentType } from 'react';
import type { NormalizedField, NormalizedOutcome } from '../../../schemas/forms';
import type { FormServices } from './formServices';
import type { ValidationError } from '../../core/forms/fields/validationError';
import type { Translate } from '../../core/forms/fields/translate';
import type { FieldRules, FieldRulesDefinition } from '../../core/forms/plugins/defineFieldRules';
import type { LocalizedOption } from '../../core/forms/fields/options';

export type { Translate } from '../../core/forms/fields/translate';
export type { SampleContext } from '../../core/forms/plugins/defineFieldRules';

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
  /** The sanitised values of every field that holds one, as a save sends them. */
  values(): Readonly<Record<string, unknown>>;
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
  /**
   * Whether a field is shown now (observed): false while its visibility condition does not
   * hold. A hidden field is neither checked nor sent.
   */
  isShown(fieldId: string): boolean;
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

/**
 * What a plugin folder's `index.ts` declares: its pure rules (usually `...rules` from the
 * folder's `rules.ts`) and how it draws. `V` is the type of a sanitised value. Method
 * syntax keeps the plugin assignable to the registry's `FieldPlugin<unknown>`.
 */
export interface FieldPluginDefinition<V> extends FieldRulesDefinition<V> {
  /** The widget, for light plugins. */
  readonly Widget?: FieldWidget;
  /** Loads the widget on first use, for heavy plugins (`() => import('./Widget')`). */
  readonly loadWidget?: () => Promise<FieldWidgetModule>;
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

/** A registered plugin: its rules with every default filled in, and its widget. */
export interface FieldPlugin<V = unknown> extends FieldRules<V> {
  /** The widget, for light plugins. */
  readonly Widget?: FieldWidget;
  /** Loads the widget on first use, for heavy plugins. */
  readonly loadWidget?: () => Promise<FieldWidgetModule>;
  /** Whether the widget shows this field's label itself. */
  ownsLabel(field: NormalizedField): boolean;
  /** Owns its errors, as a definite flag. */
  readonly ownsErrors: boolean;
  /** Heavy, as a definite flag. */
  readonly heavy: boolean;
  /** Inline widget, as a definite flag. */
  readonly inlineWidget: boolean;
}
