import type {
  DesignerField,
  NormalizedField,
  NormalizedValidation,
} from '../../../../schemas/forms';
import type { DesignerFieldReading } from '../plugins/defineFieldRules';
import { UNSUPPORTED_TYPE, type PluginCatalog } from '../plugins/pluginCatalog';
import type { CompileWarning } from './compileTypes';
import { patternProblem } from './isSafePattern';
import { ruleOfDesigner } from '../visibility/visibilityRule';
import { normalizeOptions } from './normalizeOptions';
import { resolveWidths } from './resolveWidths';

// The definition's names of the three widths, for the pointer of a width warning.
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const WIDTH_NAMES = { desktop: 'desktopWidth', tablet: 'tabWidth', phone: 'phoneWidth' } as const;

/** A designer field with every property present (`undefined` when not written). */
type SourceField = {
  -readonly [K in keyof Required<DesignerField>]: Required<DesignerField>[K] | undefined;
};

/**
 * Copies a designer field into an object of one fixed shape. Definitions write only the
 * properties they use, so their fields come in many shapes, and reading an absent
 * property of objects of many shapes is a slow lookup each time: asking a thousand fields
 * for their `placeholder`, `description` and the rest cost ten times the whole compile
 * of a field. Walking the keys a field does have, then reading the copy, costs little.
 */
function readSource(source: DesignerField): SourceField {
  const read: SourceField = {
    id: undefined,
    type: undefined,
    label: undefined,
    placeholder: undefined,
    description: undefined,
    desktopWidth: undefined,
    tabWidth: undefined,
    phoneWidth: undefined,
    newRow: undefined,
    readOnly: undefined,
    defaultValue: undefined,
    validation: undefined,
    options: undefined,
    config: undefined,
    datastoreLink: undefined,
    visibleWhen: undefined,
  };
  const written = source as Readonly<Record<string, unknown>>;
  for (const key in written) {
    if (Object.hasOwn(read, key)) (read as Record<string, unknown>)[key] = written[key];
  }
  return read;
}

/**
 * Turns one designer field into a normalised field. A designer type is a plugin's type id
 * or an alias a plugin answers to (`input` for text); computed types are read-only and never
 * required. What a type makes of its own `config` (what it keeps, a length limit it sets,
 * warnings about what it drops) is its plugin's `fromDesigner`.
 *
 * A large form compiles a thousand of these, so the common path allocates only the field
 * and its parts: pointers are written only for a warning, and the optional properties are
 * set one by one (in the schema's order) instead of spread from throwaway objects.
 */
export function normalizeDesignerField(
  written: DesignerField,
  path: string,
  catalog: PluginCatalog,
): { field: NormalizedField; warnings: CompileWarning[] } {
  const source = readSource(written);
  const warnings: CompileWarning[] = [];
  // 1. Type.
  const writtenType = written.type;
  const type = catalog.designerType(writtenType) ?? UNSUPPORTED_TYPE;
  const rules = catalog.rulesOf(type);
  if (type === UNSUPPORTED_TYPE) {
    warnings.push({
      code: 'field.unknownType',
      path: `${path}/type`,
      params: { type: writtenType },
    });
  }
  const { displayOnly, computed } = rules;
  let config: Record<string, unknown> = source.config ? { ...source.config } : {};
  if (type === UNSUPPORTED_TYPE) config.originalType = writtenType;
  // The type's own reading of its config; only types that have one pay for it.
  const reading: DesignerFieldReading | undefined = rules.fromDesigner?.(config, {
    path,
    warn: (warning) => warnings.push(warning),
  });
  if (reading?.config) config = { ...reading.config };
  // 2. Options.
  let options: NormalizedField['options'];
  if (source.options && rules.hasOptions) {
    const normalized = normalizeOptions(
      source.options.map((option) => ({ value: option.value, label: option.name })),
      `${path}/options`,
    );
    options = normalized.options;
    warnings.push(...normalized.warnings);
  }
  // 3. Validation.
  const validation = displayOnly || computed ? {} : validationOf(source, reading, path, warnings);
  // 4. Widths.
  const resolved = resolveWidths(
    { desktop: source.desktopWidth, tablet: source.tabWidth, phone: source.phoneWidth },
    (breakpoint) => `${path}/${WIDTH_NAMES[breakpoint]}`,
  );
  if (resolved.warnings.length > 0) warnings.push(...resolved.warnings);
  // 5. The field: what every field has in one literal (one shape for all of them), then
  //    what only some have.
  const field: Mutable<NormalizedField> = {
    id: written.id,
    type,
    label: source.label ?? '',
    required: !displayOnly && !computed && source.validation?.required === true,
    readOnly: computed || source.readOnly === true,
    validation,
    config,
    widths: resolved.widths,
    valueType: rules.valueTypeOf({ options, config }),
  };
  if (type === UNSUPPORTED_TYPE) field.originalType = writtenType;
  if (source.description !== undefined) field.description = source.description;
  if (source.placeholder !== undefined) field.placeholder = source.placeholder;
  if (!displayOnly && source.defaultValue !== undefined) field.defaultValue = source.defaultValue;
  if (options) field.options = options;
  if (source.newRow) field.breakBefore = true;
  if (source.datastoreLink) field.datastoreLink = source.datastoreLink;
  if (source.visibleWhen) field.visibleWhen = ruleOfDesigner(source.visibleWhen);
  return { field, warnings };
}

function validationOf(
  source: SourceField,
  reading: DesignerFieldReading | undefined,
  path: string,
  warnings: CompileWarning[],
): NormalizedValidation {
  const written = source.validation ?? {};
  const validation: NormalizedValidation = {};
  if (written.min !== undefined) validation.min = written.min;
  if (written.max !== undefined) validation.max = written.max;
  if (written.minLength !== undefined) validation.minLength = written.minLength;
  if (written.maxLength !== undefined) validation.maxLength = written.maxLength;
  // A limit the type reads from its config (a counter's); the stricter of the two applies.
  const configMax = reading?.validation?.maxLength;
  if (configMax !== undefined) {
    validation.maxLength = Math.min(configMax, validation.maxLength ?? configMax);
  }
  if (written.pattern !== undefined && written.pattern !== '') {
    const problem = patternProblem(written.pattern);
    if (problem === undefined) validation.pattern = written.pattern;
    else {
      warnings.push({
        code: problem,
        path: `${path}/validation/pattern`,
        params: { pattern: written.pattern },
      });
    }
  }
  return validation;
}
