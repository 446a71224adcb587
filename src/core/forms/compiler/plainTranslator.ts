// From the constants module, not the barrel: the browser need not build the format schemas.
import { SUPPORTED_LOCALES } from '../../../../schemas/forms/formConstants';
import type {
  LocalizedText,
  PlainForm,
  PlainTranslation,
  PlainTranslations,
  SupportedLocale,
} from '../../../../schemas/forms';
import type { CompileWarning } from './compileTypes';

/** The languages a plain form's own text is translated into: its own text is English. */
const TRANSLATED_LOCALES = SUPPORTED_LOCALES.filter((locale) => locale !== 'en');

/** Where a text of a field sits in a language's block. */
type FieldText = 'name' | 'placeholder' | 'description' | 'displayText';

/**
 * Turns a plain form's own texts into per-locale texts from its `translations` block, and
 * collects a `translation.missing` warning for each text a language lacks. A form without
 * the block keeps its texts as they are and is warned about nothing, so a Flowable file
 * compiles exactly as before.
 */
export interface PlainTranslator {
  /** The form's name. */
  formName(own: string): LocalizedText;
  /** A tab's title, by tab id. */
  tab(tabId: string, own: string, path: string): LocalizedText;
  /** A text of a field, by field id. */
  field(fieldId: string, text: FieldText, own: string, path: string): LocalizedText;
  /** An option of a field, by the option's id (else its name). */
  option(fieldId: string, keys: readonly unknown[], own: string, path: string): LocalizedText;
  /** An outcome, by its id (else its name). */
  outcome(keys: readonly unknown[], own: string, path: string): LocalizedText;
  /** The translations the block lacks, in the order the texts were read. */
  readonly warnings: readonly CompileWarning[];
}

/** A translator for `definition`; `definition.translations` may be absent. */
export function plainTranslator(definition: PlainForm): PlainTranslator {
  const block: PlainTranslations | undefined = definition.translations;
  const warnings: CompileWarning[] = [];
  // 1. One lookup per text: what each language's block says for it.
  const localize = (
    own: string,
    path: string,
    pick: (translation: PlainTranslation) => string | undefined,
  ): LocalizedText => {
    if (!block || own.trim() === '') return own;
    const text: Partial<Record<SupportedLocale, string>> = { en: pickIn(block.en, pick) ?? own };
    for (const locale of TRANSLATED_LOCALES) {
      const translated = pickIn(block[locale], pick);
      if (translated !== undefined) text[locale] = translated;
      // 2. A language without the text shows the English one; the author learns which.
      else warnings.push({ code: 'translation.missing', path, params: { locale, text: own } });
    }
    return text;
  };
  const keyOf = (translations: Record<string, string> | undefined, keys: readonly unknown[]) => {
    for (const key of keys) {
      if (key === null || key === undefined || key === '') continue;
      const found = entryOf(translations, String(key));
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return {
    formName: (own) => localize(own, '/name', (translation) => translation.name),
    tab: (tabId, own, path) =>
      localize(own, path, (translation) => entryOf(translation.tabs, tabId)),
    field: (fieldId, text, own, path) =>
      localize(own, path, (translation) => entryOf(translation.fields, fieldId)?.[text]),
    option: (fieldId, keys, own, path) =>
      localize(own, path, (translation) =>
        keyOf(entryOf(translation.fields, fieldId)?.options, keys),
      ),
    outcome: (keys, own, path) =>
      localize(own, path, (translation) => keyOf(translation.outcomes, keys)),
    warnings,
  };
}

function pickIn(
  translation: PlainTranslation | undefined,
  pick: (translation: PlainTranslation) => string | undefined,
): string | undefined {
  if (!translation) return undefined;
  const text = pick(translation);
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

// An entry the record itself holds: a field called `constructor` finds nothing inherited.
function entryOf<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
