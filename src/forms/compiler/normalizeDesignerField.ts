import {
  DESIGNER_FIELD_TYPES,
  type DesignerField,
  type NormalizedField,
  type NormalizedValidation,
  type PluginType,
} from '../../../schemas/forms';
import type { CompileWarning } from './compileTypes';
import { COMPUTED_TYPES, DISPLAY_ONLY_TYPES } from './fieldTraits';
import { isSafePattern } from './isSafePattern';
import { normalizeOptions } from './normalizeOptions';
import { resolveWidths } from './resolveWidths';
import { valueTypeOf } from './valueTypeOf';

const KNOWN: ReadonlySet<string> = new Set(DESIGNER_FIELD_TYPES);

/**
 * Turns one designer field into a normalised field. Designer types are plugin types
 * except `input`, which is the text plugin; computed types are read-only and never
 * required; the multiline `config.maxLength` also becomes the validation limit.
 */
export function normalizeDesignerField(
  source: DesignerField,
  path: string,
): { field: NormalizedField; warnings: CompileWarning[] } {
  const warnings: CompileWarning[] = [];
  // 1. Type.
  const known = KNOWN.has(source.type);
  const type: PluginType = !known
    ? 'unsupported'
    : source.type === 'input'
      ? 'text'
      : (source.type as PluginType);
  if (!known) {
    warnings.push({
      code: 'field.unknownType',
      path: `${path}/type`,
      params: { type: source.type },
    });
  }
  const displayOnly = DISPLAY_ONLY_TYPES.has(type);
  const computed = COMPUTED_TYPES.has(type);
  const config: Record<string, unknown> = { ...(source.config ?? {}) };
  if (type === 'unsupported') config.originalType = source.type;
  // 2. Options.
  let options: NormalizedField['options'];
  if (source.options && (type === 'dropdown' || type === 'radio' || type === 'checkbox')) {
    const normalized = normalizeOptions(
      source.options.map((option) => ({ value: option.value, label: option.name })),
      `${path}/options`,
    );
    options = normalized.options;
    warnings.push(...normalized.warnings);
  }
  // 3. Validation.
  const validation = displayOnly || computed ? {} : validationOf(source, type, path, warnings);
  // 4. Widths.
  const { widths, warnings: widthWarnings } = resolveWidths(
    { desktop: source.desktopWidth, tablet: source.tabWidth, phone: source.phoneWidth },
    {
      desktop: `${path}/desktopWidth`,
      tablet: `${path}/tabWidth`,
      phone: `${path}/phoneWidth`,
    },
  );
  warnings.push(...widthWarnings);
  const field: NormalizedField = {
    id: source.id,
    type,
    ...(type === 'unsupported' ? { originalType: source.type } : {}),
    label: source.label ?? '',
    ...(source.description !== undefined ? { description: source.description } : {}),
    required: !displayOnly && !computed && source.validation?.required === true,
    readOnly: computed || source.readOnly === true,
    ...(source.placeholder !== undefined ? { placeholder: source.placeholder } : {}),
    ...(!displayOnly && source.defaultValue !== undefined
      ? { defaultValue: source.defaultValue }
      : {}),
    ...(options ? { options } : {}),
    validation,
    config,
    widths,
    ...(source.newRow ? { breakBefore: true } : {}),
    ...(source.datastoreLink ? { datastoreLink: source.datastoreLink } : {}),
    valueType: valueTypeOf(type, options, config),
  };
  return { field, warnings };
}

function validationOf(
  source: DesignerField,
  type: PluginType,
  path: string,
  warnings: CompileWarning[],
): NormalizedValidation {
  const written = source.validation ?? {};
  const validation: NormalizedValidation = {};
  if (written.min !== undefined) validation.min = written.min;
  if (written.max !== undefined) validation.max = written.max;
  if (written.minLength !== undefined) validation.minLength = written.minLength;
  if (written.maxLength !== undefined) validation.maxLength = written.maxLength;
  // The multiline counter reads config.maxLength; the stricter of the two limits applies.
  const configMax = type === 'multiline' ? source.config?.maxLength : undefined;
  if (typeof configMax === 'number') {
    validation.maxLength = Math.min(configMax, validation.maxLength ?? configMax);
  }
  if (written.pattern !== undefined && written.pattern !== '') {
    if (isSafePattern(written.pattern)) validation.pattern = written.pattern;
    else {
      warnings.push({
        code: 'validation.unsafePattern',
        path: `${path}/validation/pattern`,
        params: { pattern: written.pattern },
      });
    }
  }
  return validation;
}
