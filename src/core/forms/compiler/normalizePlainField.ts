import type {
  NormalizedField,
  NormalizedOption,
  NormalizedValidation,
  PlainField,
} from '../../../../schemas/forms';
import type { PlainFieldReading } from '../plugins/defineFieldRules';
import { FIELD_CATALOG } from '../plugins/fieldCatalog';
import { UNSUPPORTED_TYPE, type PluginCatalog } from '../plugins/pluginCatalog';
import type { CompileWarning } from './compileTypes';
import { bothRulesWithin, type PlainEntry } from './flattenPlainFields';
import { patternProblem } from './isSafePattern';
import { isAllowedLinkTemplate, withLinkScheme } from './linkUrl';
import { normalizeOptions } from './normalizeOptions';
import { integerOf, limitOf } from './plainLimits';
import { plainTranslator, type PlainTranslator } from './plainTranslator';
import { resolveWidths } from './resolveWidths';
import { ruleOfFlowable } from '../visibility/ruleOfFlowable';
import { optionsOf } from '../../../../plugins/dynamic-table/columns';

/**
 * Turns one placed Flowable field into a normalised field: maps the type (each plugin
 * lists the Flowable names it answers to, `plainAliases`), reads the
 * validation Flowable spreads over top-level properties and `params`, drops the empty
 * first option of `hasEmptyValue` lists (it becomes the placeholder), and keeps
 * type-specific settings in `config`. Its texts (name, placeholder, description, options,
 * link text) come in the languages `translate` knows.
 */
export function normalizePlainField(
  entry: PlainEntry,
  fallbackId: string,
  catalog: PluginCatalog = FIELD_CATALOG,
  translate: PlainTranslator = UNTRANSLATED,
): { field: NormalizedField; warnings: CompileWarning[] } {
  const { field: source, path } = entry;
  const warnings: CompileWarning[] = [];
  // 1. Identity and type.
  let id = source.id;
  if (id.trim() === '') {
    id = fallbackId;
    warnings.push({ code: 'field.missingId', path: `${path}/id`, params: { generatedId: id } });
  }
  const mapped = catalog.plainType(source.type);
  const type = mapped ?? UNSUPPORTED_TYPE;
  const rules = catalog.rulesOf(type);
  if (!mapped) {
    warnings.push({
      code: 'field.unknownType',
      path: `${path}/type`,
      params: { type: source.type },
    });
  }
  const { displayOnly } = rules;
  // The type's own reading of its settings. Its warnings about them follow the field's
  // settings below; those about its limits follow the length limits' (step 4).
  const settingWarnings: CompileWarning[] = [];
  const limitWarnings: CompileWarning[] = [];
  const reading: PlainFieldReading =
    rules.fromPlain?.(source, {
      path,
      fieldId: id,
      limit: (name, read) => limitOf(source, name, read, path, limitWarnings),
      warn: (warning) => settingWarnings.push(warning),
    }) ?? {};
  // 2. Options; a Flowable "empty value" first option is a prompt, not a choice.
  let placeholder: NormalizedField['placeholder'] = source.placeholder
    ? translate.field(source.id, 'placeholder', source.placeholder, `${path}/placeholder`)
    : undefined;
  // An APS text field's mask placeholder (`___-__-____`) is what its renderer shows.
  const maskPlaceholder = maskPlaceholderOf(source);
  if (maskPlaceholder !== undefined) {
    const where = `${path}/params/inputMaskPlaceholder`;
    placeholder = translate.field(source.id, 'placeholder', maskPlaceholder, where);
  }
  // A placeholder the type reads elsewhere is what it shows.
  if (reading.placeholder) {
    const { text, path: where } = reading.placeholder;
    placeholder = translate.field(source.id, 'placeholder', text, where);
  }
  let options: NormalizedOption[] | undefined;
  // The name each value was written with: a default may name its option by that name.
  const writtenNames = new Map<unknown, string>();
  // The "empty value" prompt's id and name: a default naming it means "nothing chosen".
  const prompt = new Set<unknown>();
  if (rules.hasOptions) {
    const written = source.options ?? [];
    const skipFirst = source.hasEmptyValue === true && written.length > 0;
    const promptName = written[0]?.name;
    if (skipFirst && placeholder == null && promptName) {
      const keys = [written[0]?.id, promptName];
      placeholder = translate.option(source.id, keys, promptName, `${path}/options/0/name`);
    }
    if (skipFirst) for (const name of [written[0]?.id, written[0]?.name]) prompt.add(name);
    const offset = skipFirst ? 1 : 0;
    const choices = written.slice(offset).map((option, index) => {
      const value = option.id ?? option.name ?? '';
      const own = option.name ?? String(option.id ?? '');
      if (!writtenNames.has(value)) writtenNames.set(value, own);
      const where = `${path}/options/${index + offset}/name`;
      return { value, label: translate.option(source.id, [option.id, option.name], own, where) };
    });
    const normalized = normalizeOptions(choices, `${path}/options`, offset);
    options = normalized.options;
    warnings.push(...normalized.warnings);
  }
  // A default that is none of the choices would hold a value the field cannot show: the
  // field starts empty instead, with a warning (silently when the default is the prompt).
  let defaultValue: unknown = displayOnly ? undefined : (source.value ?? undefined);
  if (prompt.has(defaultValue)) defaultValue = undefined;
  if (options && typeof defaultValue === 'string' && defaultValue !== '') {
    const chosen = options.find(
      (option) => option.value === defaultValue || writtenNames.get(option.value) === defaultValue,
    );
    if (!chosen) {
      warnings.push({
        code: 'field.defaultNotAnOption',
        path: `${path}/value`,
        params: { fieldId: id, value: defaultValue },
      });
    }
    defaultValue = chosen?.value;
  }
  // 3. Type-specific settings; a link that could run script is dropped with a warning.
  const config = configOf(source, type, reading);
  if (typeof config.displayText === 'string') {
    const where = source.displayText != null ? '/displayText' : '/params/displayText';
    config.displayText = translate.field(
      source.id,
      'displayText',
      config.displayText,
      `${path}${where}`,
    );
  }
  const description = (source as { description?: unknown }).description;
  if (typeof config.optionsExpression === 'string') {
    warnings.push({
      code: 'field.optionsFromExpression',
      path: `${path}/optionsExpression`,
      params: { fieldId: id, expression: config.optionsExpression },
    });
  }
  const urlWarning = unsafeUrlWarning(source, path);
  if (urlWarning) warnings.push(urlWarning);
  warnings.push(...apsTypeWarnings(source, type, config, id, path));
  warnings.push(...settingWarnings);
  // 4. Validation, with patterns the engine cannot run dropped.
  const validation = displayOnly
    ? {}
    : validationOf(source, path, reading, warnings, limitWarnings);
  // 5. Width from the container, completed for tablet and phone.
  const { widths, warnings: widthWarnings } = resolveWidths(
    { desktop: entry.desktop },
    { desktop: `${path}/layout/colspan`, tablet: path, phone: path },
  );
  warnings.push(...widthWarnings);
  const field: NormalizedField = {
    id,
    type,
    ...(type === UNSUPPORTED_TYPE ? { originalType: source.type } : {}),
    label: translate.field(source.id, 'name', source.name ?? '', `${path}/name`),
    ...(typeof description === 'string' && description.trim() !== ''
      ? {
          description: translate.field(
            source.id,
            'description',
            description,
            `${path}/description`,
          ),
        }
      : {}),
    required: !displayOnly && source.required === true,
    readOnly: source.readOnly === true || (source as { readonly?: unknown }).readonly === true,
    ...(placeholder ? { placeholder } : {}),
    ...(defaultValue != null ? { defaultValue } : {}),
    ...(options ? { options } : {}),
    validation,
    config,
    widths,
    ...(entry.breakBefore ? { breakBefore: true } : {}),
    valueType: rules.valueTypeOf({ options, config }),
  };
  // 6. Shown only while its condition and its containers' hold; one the runtime cannot
  //    judge is not applied.
  const at = `${path}/visibilityCondition`;
  const visibility = ruleOfFlowable(
    (source as { visibilityCondition?: unknown }).visibilityCondition,
    at,
  );
  let problem = visibility.problem;
  let visibleWhen = entry.visibleWhen;
  if (visibility.rule) {
    const both = bothRulesWithin(entry.visibleWhen, visibility.rule);
    if (both) visibleWhen = both;
    else problem = { reason: 'tooComplex', path: at };
  }
  if (visibleWhen) field.visibleWhen = visibleWhen;
  if (problem) {
    warnings.push({
      code: 'visibility.notApplied',
      path: problem.path,
      params: { reason: problem.reason },
    });
  }
  return { field, warnings };
}

// Without a translations block every text stays as written.
const UNTRANSLATED = plainTranslator({});

function configOf(
  source: PlainField,
  type: string,
  reading: PlainFieldReading,
): Record<string, unknown> {
  const params = source.params ?? {};
  const config: Record<string, unknown> = {};
  // Flowable's params are kept whole: plugins read what they know (e.g. currency).
  if (Object.keys(params).length > 0) config.params = params;
  switch (source.type) {
    case 'text': {
      // An APS input mask: the widget types through it and the value must fit it.
      const mask = params.inputMask;
      if (typeof mask === 'string' && mask !== '') {
        config.inputMask = mask;
        const reversed = params.inputMaskReversed;
        if (reversed === true || reversed === 'true') config.inputMaskReversed = true;
      }
      break;
    }
    case 'multi-line-text': {
      const maxLength = integerOf(source.maxLength ?? params.maxLength);
      if (maxLength !== undefined && maxLength > 0) config.maxLength = maxLength;
      break;
    }
    case 'expression':
    case 'readonly-text':
      config.expression =
        source.expression ?? (typeof source.value === 'string' ? source.value : '');
      break;
    case 'hyperlink': {
      const url = linkOf(source);
      // A URL that is not http, https or mailto is dropped (see `unsafeUrlWarning`).
      if (url !== undefined && isAllowedLinkTemplate(url)) config.url = url;
      const text = source.displayText ?? params.displayText;
      if (typeof text === 'string' && text !== '') config.displayText = text;
      break;
    }
    case 'dropdown':
    case 'radio-buttons':
      if (source.optionsExpression) config.optionsExpression = source.optionsExpression;
      break;
    case 'dynamic-table': {
      // The typed columns of the table, normalised; the plugin's rules read them back.
      const definitions = (source as { columnDefinitions?: unknown }).columnDefinitions;
      config.columns = (Array.isArray(definitions) ? definitions : [])
        .filter(
          (column): column is Record<string, unknown> => !!column && typeof column === 'object',
        )
        .filter((column) => typeof column.id === 'string' && column.id !== '')
        .map((column) => ({
          id: column.id,
          label: typeof column.name === 'string' ? column.name : column.id,
          type: column.type,
          required: column.required === true,
          editable: column.editable !== false,
          visible: column.visible !== false,
          // A choice without an id is stored by its name, as APS does.
          options: optionsOf(column.options),
        }));
      break;
    }
    case 'readonly':
      // A display value holds nothing of its own; the exported value is kept to show
      // when the server has none for its source.
      if (source.value != null) config.value = source.value;
      break;
    case 'typeahead':
      // APS writes the REST source at the top level, Flowable's modeler in params.
      for (const key of TYPEAHEAD_REST_KEYS) {
        const setting = (source as Record<string, unknown>)[key] ?? params[key];
        if (typeof setting === 'string' && setting !== '') config[key] = setting;
      }
      break;
    default:
      break;
  }
  Object.assign(config, reading.config);
  // A type Tessera cannot fill in keeps everything its author wrote, for a later version
  // or another tool to read back.
  if (type === UNSUPPORTED_TYPE || type === 'select-folder' || reading.keepsAuthoredSettings) {
    Object.assign(config, authoredSettingsOf(source));
  }
  if (type === UNSUPPORTED_TYPE) config.originalType = source.type;
  return config;
}

// The placeholder APS shows in a masked text field instead of the field's own.
function maskPlaceholderOf(source: PlainField): string | undefined {
  const params = source.params ?? {};
  if (source.type !== 'text' || typeof params.inputMask !== 'string' || params.inputMask === '') {
    return undefined;
  }
  const written = params.inputMaskPlaceholder;
  return typeof written === 'string' && written.trim() !== '' ? written : undefined;
}

/** The REST settings of an APS typeahead, kept in its `config`. */
const TYPEAHEAD_REST_KEYS = [
  'restUrl',
  'restResponsePath',
  'restIdProperty',
  'restLabelProperty',
] as const;

// What every field carries and the compiler reads into the field itself.
const PLACED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'name',
  'type',
  'required',
  'readOnly',
  'placeholder',
  'params',
  'layout',
  'colspan',
  'fields',
  'tab',
  'visibilityCondition',
]);

// Every other setting a field was written with (null ones say nothing).
function authoredSettingsOf(source: PlainField): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (PLACED_KEYS.has(key) || value === null || value === undefined) continue;
    settings[key] = value;
  }
  return settings;
}

// Types of Alfresco Process Services that compile but cannot do all they did there.
/**
 * APS settings the form runtime does not carry out, by field type: said to the author by
 * name rather than dropped. An upload holds one file; a people picker offers the tenant's
 * directory; a file is kept with the case, not in a repository folder.
 */
const UNAPPLIED_SETTINGS: readonly { readonly type: string; readonly setting: string }[] = [
  { type: 'upload', setting: 'multiple' },
  { type: 'upload', setting: 'fileSource' },
  { type: 'people', setting: 'restrictWithGroup' },
  { type: 'functional-group', setting: 'restrictWithGroup' },
];

/**
 * APS's file sources that mean "from the person's computer", which is where uploads come from
 * here anyway: naming one changes nothing.
 */
const LOCAL_FILE_SOURCES: ReadonlySet<string> = new Set(['all-file-sources', 'local-file']);

/**
 * Whether an author set a setting to something: not absent, false, empty text, an empty
 * object, or a file source that is the person's own computer.
 */
function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  if (typeof value !== 'object') return true;
  const { serviceId } = value as { serviceId?: unknown };
  if (typeof serviceId === 'string' && LOCAL_FILE_SOURCES.has(serviceId)) return false;
  return Object.keys(value).length > 0;
}

function apsTypeWarnings(
  source: PlainField,
  type: string,
  config: Record<string, unknown>,
  fieldId: string,
  path: string,
): CompileWarning[] {
  if (type === 'select-folder') {
    return [{ code: 'selectFolder.noRepository', path: `${path}/type`, params: { fieldId } }];
  }
  const unapplied = UNAPPLIED_SETTINGS.filter(
    (rule) => rule.type === type && isSet(source.params?.[rule.setting]),
  ).map((rule): CompileWarning => ({
    code: 'field.settingNotApplied',
    path: `${path}/params/${rule.setting}`,
    params: { fieldId, setting: rule.setting },
  }));
  if (unapplied.length > 0) return unapplied;
  if (type === 'typeahead' && typeof config.restUrl === 'string') {
    const where = (source as { restUrl?: unknown }).restUrl != null ? '' : '/params';
    return [
      {
        code: 'typeahead.restSourceNotConfigured',
        path: `${path}${where}/restUrl`,
        params: { fieldId, url: config.restUrl },
      },
    ];
  }
  return [];
}

// A hyperlink URL whose scheme is not http, https or mailto (`javascript:`, `data:`).
function unsafeUrlWarning(source: PlainField, path: string): CompileWarning | undefined {
  if (source.type !== 'hyperlink') return undefined;
  const where =
    source.hyperlinkUrl != null
      ? '/hyperlinkUrl'
      : source.params?.hyperlinkUrl != null
        ? '/params/hyperlinkUrl'
        : '/value';
  const written = writtenLinkOf(source);
  const url = linkOf(source);
  if (written === undefined || url === undefined || isAllowedLinkTemplate(url)) return undefined;
  return { code: 'field.unsafeUrl', path: `${path}${where}`, params: { url: written } };
}

// A hyperlink's URL as its author wrote it.
function writtenLinkOf(source: PlainField): string | undefined {
  const url = source.hyperlinkUrl ?? source.params?.hyperlinkUrl ?? source.value;
  return typeof url === 'string' ? url : undefined;
}

// A hyperlink's URL as APS opens it: one written without a scheme gets one.
function linkOf(source: PlainField): string | undefined {
  const written = writtenLinkOf(source);
  return written === undefined ? undefined : withLinkScheme(written);
}

function validationOf(
  source: PlainField,
  path: string,
  reading: PlainFieldReading,
  warnings: CompileWarning[],
  limitWarnings: readonly CompileWarning[],
): NormalizedValidation {
  const params = source.params ?? {};
  const validation: NormalizedValidation = {};
  // Flowable and its ancestors write 0 for "no limit"; a length is a whole number.
  const length = (written: unknown) => {
    const number = integerOf(written);
    return number !== undefined && number >= 0 ? number : undefined;
  };
  const minLength = limitOf(source, 'minLength', length, path, warnings);
  const maxLength = limitOf(source, 'maxLength', length, path, warnings);
  if (minLength !== undefined && minLength > 0) validation.minLength = minLength;
  if (maxLength !== undefined && maxLength > 0) validation.maxLength = maxLength;
  // The type's own bounds (a number's, a day's), read by its plugin.
  Object.assign(validation, reading.validation);
  warnings.push(...limitWarnings);
  const pattern = source.regexPattern ?? params.regexPattern;
  if (typeof pattern === 'string' && pattern !== '') {
    const problem = patternProblem(pattern);
    if (problem === undefined) validation.pattern = pattern;
    else {
      const where = source.regexPattern != null ? '/regexPattern' : '/params/regexPattern';
      warnings.push({
        code: problem,
        path: `${path}${where}`,
        params: { pattern },
      });
    }
  }
  return validation;
}
