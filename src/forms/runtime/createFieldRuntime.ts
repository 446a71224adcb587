import type { NormalizedField } from '../../../schemas/forms';
import { SUPPORTED_LOCALES } from '../../../schemas/forms/formConstants';
import { localizeConfig } from '../../core/forms/compiler/localizeConfig';
import { localizeText } from '../../core/forms/compiler/localizeText';
import type {
  FieldHost,
  FieldRuntime,
  FieldText,
  LocalizedOption,
  Translate,
} from '../registry/fieldPlugin';
import type { FormServices } from '../registry/formServices';

/** What a form's runtime is made of. */
export interface FieldRuntimeOptions {
  /** The form's state. */
  readonly host: FieldHost;
  /** The form's language. */
  readonly locale: string;
  /** Translates in that language. */
  readonly t: Translate;
  /** Author mode. */
  readonly accessTest: boolean;
  /** The whole form is read-only. */
  readonly readOnly: boolean;
  /** The page's services. */
  readonly services: FormServices;
}

const NO_OPTIONS: readonly LocalizedOption[] = Object.freeze([]);
const LOCALES: ReadonlySet<string> = new Set(SUPPORTED_LOCALES);

// Whether a config holds any per-locale text; most hold none and are used as they are,
// which spares a copy per field of a large form.
function hasLocalizedText(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasLocalizedText);
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.entries(value);
  if (
    entries.length > 0 &&
    entries.every(([key, text]) => LOCALES.has(key) && typeof text === 'string')
  ) {
    return true;
  }
  return entries.some(([, item]) => hasLocalizedText(item));
}

/**
 * The runtime a form shares with its fields (rjsf's `formContext`). A field's texts are
 * worked out at each render of that field (a few property reads); only configs and
 * option lists that hold per-locale text are localised once and kept, so a large form
 * of plain labels keeps no copy of them. Translations without params are kept per key.
 */
export function createFieldRuntime(options: FieldRuntimeOptions): FieldRuntime {
  const { locale, t } = options;
  const configs = new WeakMap<NormalizedField, Readonly<Record<string, unknown>>>();
  const optionLists = new WeakMap<NormalizedField, readonly LocalizedOption[]>();
  const translated = new Map<string, string>();
  const translate: Translate = (key, params) => {
    if (params) return t(key, params);
    let text = translated.get(key);
    if (text === undefined) {
      text = t(key);
      translated.set(key, text);
    }
    return text;
  };
  const configOf = (field: NormalizedField): Readonly<Record<string, unknown>> => {
    if (!hasLocalizedText(field.config)) return field.config;
    let config = configs.get(field);
    if (!config) {
      config = localizeConfig(field.config, locale) as Readonly<Record<string, unknown>>;
      configs.set(field, config);
    }
    return config;
  };
  const optionsOf = (field: NormalizedField): readonly LocalizedOption[] => {
    const written = field.options;
    if (!written || written.length === 0) return NO_OPTIONS;
    if (written.every((option) => typeof option.label === 'string')) {
      return written as readonly LocalizedOption[];
    }
    let list = optionLists.get(field);
    if (!list) {
      list = written.map((option) => ({
        value: option.value,
        label: localizeText(option.label, locale),
      }));
      optionLists.set(field, list);
    }
    return list;
  };
  return {
    ...options,
    t: translate,
    textOf(field: NormalizedField): FieldText {
      return {
        label: localizeText(field.label, locale),
        ...(field.placeholder !== undefined
          ? { placeholder: localizeText(field.placeholder, locale) }
          : {}),
        ...(field.description !== undefined
          ? { description: localizeText(field.description, locale) }
          : {}),
        options: optionsOf(field),
        config: configOf(field),
      };
    },
  };
}
