import type {
  NormalizedField,
  NormalizedOption,
  NormalizedValidation,
  PlainField,
} from '../../../../schemas/forms';
import type { PlainFieldReading } from '../plugins/defineFieldRules';
import { UNSUPPORTED_TYPE, type PluginCatalog } from '../plugins/pluginCatalog';
import type { CompileWarning } from './compileTypes';
import { bothRulesWithin, type PlainEntry } from './flattenPlainFields';
import { patternProblem } from './isSafePattern';
import { normalizeOptions } from './normalizeOptions';
import { integerOf, limitOf } from './plainLimits';
import { plainTranslator, type PlainTranslator } from './plainTranslator';
import { resolveWidths } from './resolveWidths';
import { ruleOfFlowable } from '../visibility/ruleOfFlowable';

/**
 * Turns one placed Flowable field into a normalised field: maps the type (each plugin
 * lists the Flowable names it answers to, `plainAliases`), reads the
 * validation Flowable spreads over top-level properties and `params`, drops the empty
 * first option of `hasEmptyValue` lists (it becomes the placeholder), and keeps
 * Flowable's `params` in `config`. What a type makes of its own settings (config, bounds,
 * a placeholder, warnings) is its plugin's `fromPlain`. Its texts (name, placeholder,
 * description, options, link text) come in the languages `translate` knows.
 */
export function normalizePlainField(
  entry: PlainEntry,
  fallbackId: string,
  catalog: PluginCatalog,
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
  // A placeholder the type reads elsewhere (an APS mask's `___-__-____`) is what it shows.
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
  // 3. Type-specific settings, and what the type says about them.
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
  Object.assign(config, reading.config);
  // A type Tessera cannot fill in keeps everything its author wrote, for a later version
  // or another tool to read back.
  if (type === UNSUPPORTED_TYPE || reading.keepsAuthoredSettings) {
    Object.assign(config, authoredSettingsOf(source));
  }
  if (type === UNSUPPORTED_TYPE) config.originalType = source.type;
  return config;
}

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
