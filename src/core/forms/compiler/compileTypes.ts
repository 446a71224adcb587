import type { PluginCatalog } from '../plugins/pluginCatalog';
import type { FormKind, NormalizedForm } from '../../../../schemas/forms';

/**
 * Codes of recoverable problems. The compiler still produces a form; the access-test
 * preview lists these so authors can fix their definitions.
 */
export type CompileWarningCode =
  | 'field.unknownType'
  | 'field.duplicateId'
  | 'field.reservedId'
  | 'field.missingId'
  | 'field.duplicateOptionValue'
  | 'field.unsafeUrl'
  | 'field.unknownDictionary'
  | 'field.optionsFromExpression'
  | 'field.defaultNotAnOption'
  | 'field.cannotBeFilled'
  | 'field.noChoices'
  | 'field.settingNotApplied'
  | 'layout.widthOutOfRange'
  | 'validation.invalidLimit'
  | 'visibility.notApplied'
  | 'visibility.unknownField'
  | 'validation.unsafePattern'
  | 'validation.unsupportedPattern'
  | 'formula.syntax'
  | 'formula.forbiddenSyntax'
  | 'formula.unknownFunction'
  | 'formula.argumentCount'
  | 'formula.unknownReference'
  | 'formula.cycle'
  | 'combined.unresolvedRef'
  | 'combined.nestedCombined'
  | 'combined.invalidForm'
  | 'typeahead.restSourceNotConfigured'
  | 'selectFolder.noRepository'
  | 'translation.missing';

/** A parameter value of a warning or error: data for the translated message. */
export type CompileParam = string | number | boolean | readonly string[];

/**
 * A recoverable problem: a code (never English), a JSON pointer into the definition, and
 * params for the message. For a combined task, paths of a referenced form start with the
 * `/forms/<index>` of its reference.
 */
export interface CompileWarning {
  /** What is wrong. */
  readonly code: CompileWarningCode;
  /** Where, as a JSON pointer into the definition. */
  readonly path: string;
  /** Details for the message. */
  readonly params: Readonly<Record<string, CompileParam>>;
}

/**
 * Codes of a definition too large or too deep to compile safely: more fields than
 * `MAX_FORM_FIELDS`, containers nested deeper than `MAX_CONTAINER_NESTING`, JSON deeper
 * than `MAX_JSON_DEPTH`. Params: `limit` (and `count` for fields).
 */
export type CompileLimitCode = 'limit.tooManyFields' | 'limit.nestingTooDeep' | 'limit.jsonTooDeep';

/**
 * A definition that cannot be compiled: it fails its format's schema (`schema.<keyword>`)
 * or breaks a size limit (`limit.*`), at a JSON pointer.
 */
export interface CompileError {
  /** `schema.required`, `schema.type`, `schema.pattern`, ..., or a `CompileLimitCode`. */
  readonly code: `schema.${string}` | CompileLimitCode;
  /** Where, as a JSON pointer into the definition. */
  readonly path: string;
  /** The schema's details (missing property, allowed values, ...). */
  readonly params: Readonly<Record<string, CompileParam>>;
}

/** What `compileForm` answers: a form, or `null` with errors when the schema refused it. */
export interface CompileResult {
  /** The normalised form, or `null` when the definition fails its schema. */
  readonly form: NormalizedForm | null;
  /** Recoverable problems. */
  readonly warnings: readonly CompileWarning[];
  /** Schema failures and broken size limits; non-empty exactly when `form` is null. */
  readonly errors: readonly CompileError[];
}

/** How a combined task finds the forms it names. */
export type ResolveForm = (ref: string) => unknown;

/** Options of `compileForm`. */
export interface CompileOptions {
  /** Resolves the `{ ref }` forms of a combined task; without it every ref is unresolved. */
  readonly resolveForm?: ResolveForm;
  /** Forces the format instead of detecting it from the id (e.g. from a task's formKey). */
  readonly kind?: FormKind;
  /** The id to use when a plain form carries neither `key` nor `id` (the task's formKey). */
  readonly formId?: string;
  /** The field types to compile with: the app's is `plugins/catalog.ts`. */
  readonly catalog: PluginCatalog;
  /**
   * The names of the tenant's system dictionaries: a field naming another is warned
   * `field.unknownDictionary`. Without it, names are not checked (the browser's compile of a
   * served form, which the server already checked).
   */
  readonly dictionaries?: readonly string[];
}

/**
 * A parser's answer: the form plus, for every field, the JSON pointer of the definition
 * entry it came from (`fieldPaths[section][field]`), so later steps can point at it.
 */
export interface ParsedForm {
  /** The normalised form, before ids are made unique and formulas checked. */
  readonly form: NormalizedForm;
  /** JSON pointers parallel to `form.sections[s].fields[f]`. */
  readonly fieldPaths: readonly (readonly string[])[];
  /** Problems found while parsing. */
  readonly warnings: readonly CompileWarning[];
}
