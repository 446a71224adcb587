import type { JSONSchema7 } from 'json-schema';
import type {
  DesignerOutcome,
  NormalizedField,
  NormalizedValidation,
  PlainField,
  ValueType,
} from '../../../../schemas/forms';
import type { CompileWarning } from '../compiler/compileTypes';
import type { FormulaSource } from '../formula/buildDependencyGraph';
import type { ValidationError } from '../fields/validationError';

/** What a plugin's `sampleValue` may rely on besides the field, so a fill is repeatable. */
export interface SampleContext {
  /** Today as `YYYY-MM-DD`: the date a date field without bounds gets. */
  readonly today: string;
}

/** A limit a Flowable field writes at its top level or in `params`. */
export type PlainLimitName = 'minLength' | 'maxLength' | 'minValue' | 'maxValue';

/**
 * What the compiler hands a plugin's `fromPlain` besides the Flowable field: where the
 * field stands, its id, and the compiler's own ways to read a limit and to warn, so a
 * plugin's warnings read like every other field's.
 */
export interface PlainReading {
  /** The field's JSON pointer into the definition; its warnings' paths start with it. */
  readonly path: string;
  /** The field's id (the generated one when its author left it empty), for warnings. */
  readonly fieldId: string;
  /**
   * A limit as written at the top level or in `params`, as `read` makes it out:
   * `undefined` when unset (absent, null or blank), and `undefined` with a
   * `validation.invalidLimit` warning when `read` cannot use it. These warnings come with
   * the field's other validation warnings, after its length limits'.
   */
  limit<L>(name: PlainLimitName, read: (written: unknown) => L | undefined): L | undefined;
  /** Warns the author about one of the field's settings. */
  warn(warning: CompileWarning): void;
}

/** What a plugin reads from a Flowable field of its type, besides what every field gets. */
export interface PlainFieldReading {
  /** Settings its widget and rules read, added to `config` after Flowable's `params`. */
  readonly config?: Readonly<Record<string, unknown>>;
  /** Bounds of a field that holds a value, beside the length limits every field reads. */
  readonly validation?: Pick<NormalizedValidation, 'min' | 'max'>;
  /**
   * Shown instead of the field's own placeholder, with the JSON pointer it was written at
   * (its translations are looked up there).
   */
  readonly placeholder?: { readonly text: string; readonly path: string };
  /** Every other setting its author wrote is kept in `config`, as for an unknown type. */
  readonly keepsAuthoredSettings?: boolean;
}

/**
 * What the compiler hands a plugin's `fromDesigner` besides the field's `config`: where the
 * field stands, and a way to warn, so a plugin's warnings read like every other field's.
 */
export interface DesignerReading {
  /** The field's JSON pointer into the definition; its warnings' paths start with it. */
  readonly path: string;
  /** Warns the author about one of the field's settings. */
  warn(warning: CompileWarning): void;
}

/** What a plugin makes of a designer field's `config`, besides what every field gets. */
export interface DesignerFieldReading {
  /** The field's `config` as the widget and rules get it, instead of the one written. */
  readonly config?: Readonly<Record<string, unknown>>;
  /**
   * A length limit the type reads from its config (a multiline's counter): where the
   * author also wrote one in `validation`, the stricter of the two applies.
   */
  readonly validation?: Pick<NormalizedValidation, 'maxLength'>;
}

/** The parts of a field that decide its value type (its choices, its config). */
export type ValueTypeSource = Pick<NormalizedField, 'options' | 'config'>;

/**
 * What a plugin folder's pure `rules.ts` declares about its field type: everything the
 * compiler, the browser's validation and the server's save check need, and nothing that
 * draws. `V` is the type of a sanitised value; `T` keeps the type id's literal.
 * Method syntax keeps a plugin assignable to `FieldRules<unknown>`.
 */
export interface FieldRulesDefinition<V, T extends string = string> {
  /** The field type; the folder name under `plugins/`. */
  readonly type: T;
  /** The value types this plugin accepts; a field's own is one of them (`valueTypeOf`). */
  readonly valueType: ValueType | readonly ValueType[];
  /** Picks a field's value type from its choices or config; default: the first of `valueType`. */
  valueTypeOf?(field: ValueTypeSource): ValueType;
  /** The value of an untouched field without a default. */
  readonly emptyValue: V;
  /** Turns a raw value (typed text, a stored variable) into the value saved. */
  sanitize?(value: unknown, field: NormalizedField): V;
  /** Whether a sanitised value counts as "not filled in" for `required`. */
  isEmpty?(value: V): boolean;
  /** Checks a sanitised, non-empty value; `required` is checked by the form's validation. */
  validate?(value: V, field: NormalizedField): readonly ValidationError[];
  /**
   * A plausible value that passes the field's rules, for the task page's Autofill (testers
   * walking a process); `undefined` when the plugin cannot think of one. The same field
   * and context always give the same value.
   */
  sampleValue?(field: NormalizedField, context: SampleContext): V | undefined;
  /**
   * The file-store ids a sanitised value points at (a picture, a signature, an upload), so
   * the server can refuse a value naming a file that is not the task's own. Default: none.
   */
  fileIds?(value: V): readonly string[];
  /** Shows something but holds no value (headlines, links, outcome buttons). */
  readonly displayOnly?: boolean;
  /** Its value is computed by the form (formula, message conditions), never typed. */
  readonly computed?: boolean;
  /**
   * Holds a value but its widget only shows it, taking no input (a structured value shown
   * as a list): a field of the type that is not read-only cannot be filled in, which the
   * compiler warns about (`field.cannotBeFilled`).
   */
  readonly viewOnly?: boolean;
  /** Always takes a whole row of the grid and breaks the one before it (headings, rules). */
  readonly fullWidth?: boolean;
  /** Offers a list of choices: the compiler reads a definition's options for it. */
  readonly hasOptions?: boolean;
  /** Flowable form-model type names this plugin renders (`multi-line-text`, `integer`...). */
  readonly plainAliases?: readonly string[];
  /**
   * Reads a Flowable form-model field of this type: the settings, bounds and placeholder
   * the type takes from the format, and warnings about what it cannot carry out. Default:
   * nothing beyond what every field gets (identity, options, length limits, `params`).
   */
  fromPlain?(source: PlainField, reading: PlainReading): PlainFieldReading;
  /** Designer type names this plugin renders besides its own type id (`input` for text). */
  readonly designerAliases?: readonly string[];
  /** The JSON Schema of a designer field's `config` for this type, if the type reads one. */
  readonly designerConfig?: JSONSchema7;
  /** A designer field of this type must carry a `config` (a formula needs its expression). */
  readonly designerConfigRequired?: boolean;
  /**
   * Reads a designer field's `config` (already checked against `designerConfig`): the
   * config the field keeps, a length limit it sets, and warnings about settings it drops.
   * Its warnings come right after the field's type's. Default: the config as written.
   */
  fromDesigner?(
    config: Readonly<Record<string, unknown>>,
    reading: DesignerReading,
  ): DesignerFieldReading;
  /**
   * The outcome buttons a field of this type shows, in order: a designer form that names no
   * `outcomes` of its own has these of all its fields. Default: none.
   */
  formOutcomes?(field: NormalizedField): readonly DesignerOutcome[];
  /**
   * The expression a field of this type computes (`value`: a formula) or whose truth it
   * shows (`condition`: a message), for the formula engine and the compiler's formula
   * check. Default: none.
   */
  formula?(field: NormalizedField): FormulaSource | undefined;
  /**
   * JSON Schema keywords the type adds to the schema of its value type (a day's
   * `format`, a location's pair of numbers), set right after `type`; `items` set here
   * stands in for the items of the field's choices. Default: none.
   */
  valueSchema?(field: NormalizedField): Partial<JSONSchema7>;
  /**
   * A report of completed cases leaves the field out (spec 001 section 2): layout and
   * links, a form's buttons, which are actions rather than data, and secrets a report must
   * never send to anyone.
   */
  readonly hiddenInReports?: boolean;
  /**
   * A stored text value as a report and its CSV show it in a language (a day as
   * `05/mar/2026`); `undefined` shows the text as it was typed.
   */
  reportText?(text: string, language: string): string | undefined;
}

/** A plugin's rules with every optional behaviour filled in. */
export interface FieldRules<V = unknown, T extends string = string> extends Omit<
  FieldRulesDefinition<V, T>,
  'valueTypeOf'
> {
  /** The field's value type, one of `valueTypes`. */
  valueTypeOf(field: ValueTypeSource): ValueType;
  /** Turns a raw value into the value saved. */
  sanitize(value: unknown, field: NormalizedField): V;
  /** Whether a sanitised value counts as empty. */
  isEmpty(value: V): boolean;
  /** Checks a sanitised, non-empty value. */
  validate(value: V, field: NormalizedField): readonly ValidationError[];
  /** The file-store ids a sanitised value points at. */
  fileIds(value: V): readonly string[];
  /** The accepted value types as a list. */
  readonly valueTypes: readonly ValueType[];
  /** Display-only, as a definite flag. */
  readonly displayOnly: boolean;
  /** Computed, as a definite flag. */
  readonly computed: boolean;
  /** View-only, as a definite flag. */
  readonly viewOnly: boolean;
  /** Full width, as a definite flag. */
  readonly fullWidth: boolean;
  /** Offers choices, as a definite flag. */
  readonly hasOptions: boolean;
  /** Flowable names, as a list. */
  readonly plainAliases: readonly string[];
  /** Designer names besides the type id, as a list. */
  readonly designerAliases: readonly string[];
  /** Config required, as a definite flag. */
  readonly designerConfigRequired: boolean;
  /** Left out of reports, as a definite flag. */
  readonly hiddenInReports: boolean;
}

const NO_ERRORS: readonly ValidationError[] = Object.freeze([]);
const NO_FILES: readonly string[] = Object.freeze([]);

/** A type id a folder can carry: letters, digits and dashes, starting with a letter. */
export const PLUGIN_TYPE_ID = /^[A-Za-z][A-Za-z0-9-]*$/;

/** The default emptiness test: nothing, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Declares a field type's pure rules. A plugin folder's `rules.ts` default-exports the
 * result; its `index.ts` adds the widget. It checks the declaration when the module loads
 * and fills in the defaults (no extra rules, values kept as they are, the usual emptiness
 * test), so callers run every hook without testing for it.
 */
export function defineFieldRules<V, T extends string>(
  definition: FieldRulesDefinition<V, T>,
): FieldRules<V, T> {
  // 1. A type id a folder can carry.
  if (!PLUGIN_TYPE_ID.test(definition.type)) {
    throw new Error(`A field plugin type must be a plain id, not "${definition.type}"`);
  }
  const valueTypes: readonly ValueType[] =
    typeof definition.valueType === 'string' ? [definition.valueType] : definition.valueType;
  const [firstType] = valueTypes;
  if (firstType === undefined) {
    throw new Error(`Field plugin "${definition.type}" must name its value type`);
  }
  // 2. Only fields that hold a typed value can be given a sample one.
  if (definition.sampleValue && (definition.displayOnly || definition.computed)) {
    throw new Error(`Field plugin "${definition.type}" holds no typed value to sample`);
  }
  // 3. A display-only type holds nothing, so its value type is `none` and nothing else.
  if (definition.displayOnly && (valueTypes.length !== 1 || firstType !== 'none')) {
    throw new Error(`Display-only field plugin "${definition.type}" must have value type none`);
  }
  // 4. Defaults.
  const { valueTypeOf } = definition;
  return {
    ...definition,
    valueTypeOf: valueTypeOf ? valueTypeOf.bind(definition) : () => firstType,
    validate: definition.validate?.bind(definition) ?? (() => NO_ERRORS),
    sanitize: definition.sanitize?.bind(definition) ?? ((value: unknown) => value as V),
    isEmpty: definition.isEmpty?.bind(definition) ?? isEmptyValue,
    fileIds: definition.fileIds?.bind(definition) ?? (() => NO_FILES),
    sampleValue: definition.sampleValue?.bind(definition),
    reportText: definition.reportText?.bind(definition),
    fromPlain: definition.fromPlain?.bind(definition),
    fromDesigner: definition.fromDesigner?.bind(definition),
    formOutcomes: definition.formOutcomes?.bind(definition),
    formula: definition.formula?.bind(definition),
    valueSchema: definition.valueSchema?.bind(definition),
    valueTypes,
    displayOnly: definition.displayOnly ?? false,
    computed: definition.computed ?? false,
    viewOnly: definition.viewOnly ?? false,
    fullWidth: definition.fullWidth ?? false,
    hasOptions: definition.hasOptions ?? false,
    plainAliases: definition.plainAliases ?? [],
    designerAliases: definition.designerAliases ?? [],
    designerConfigRequired: definition.designerConfigRequired ?? false,
    hiddenInReports: definition.hiddenInReports ?? false,
  };
}
