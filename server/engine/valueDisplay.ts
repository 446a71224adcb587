import type { Kysely } from 'kysely';
import type { NormalizedForm } from '../../schemas/forms';
import { SUPPORTED_LOCALES } from '../../schemas/forms/formConstants';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import { dictionaryNameOf, type DictionarySet } from '../../src/core/forms/fields/dictionaries';
import { showsPercent } from '../../src/core/forms/fields/showsPercent';
import type { DatabaseSchema } from '../db/schema';
import { loadDictionarySet } from '../dictionaries/dictionaryRepository';
import type { Language, ValueDisplay, ValueFormat } from './displayNames';
import { loadProcessForms } from './commands/loadProcessForms';
import type { ProcessModel } from './processModel';

type Labels = Map<string, Readonly<Record<Language, string>>>;

/** Every language's text of a label. */
function inEveryLanguage(label: Parameters<typeof localizeText>[0]): Record<Language, string> {
  return Object.fromEntries(
    SUPPORTED_LOCALES.map((language) => [language, localizeText(label, language)]),
  ) as Record<Language, string>;
}

/** What one field says its value means: a code's labels, an amount's currency, a ratio. */
function formatOfField(
  field: NormalizedForm['sections'][number]['fields'][number],
  dictionaries: DictionarySet,
): ValueFormat | undefined {
  const dictionary = dictionaryNameOf(field);
  if (dictionary !== undefined) {
    const labels: Labels = new Map();
    for (const entry of dictionaries.get(dictionary)?.entries ?? []) {
      labels.set(entry.code, inEveryLanguage(entry.label));
    }
    return { labels };
  }
  if (field.options && field.options.length > 0) {
    const labels: Labels = new Map();
    for (const option of field.options) {
      labels.set(String(option.value), inEveryLanguage(option.label));
    }
    return { labels };
  }
  const { currency } = field.config;
  if (field.config.numberKind === 'amount' && typeof currency === 'string' && currency !== '') {
    return { currency };
  }
  if (showsPercent(field.config)) return { percent: true };
  return undefined;
}

/**
 * The outcome variables of a form (its own, and each part's of a combined task) with the
 * labels of the outcomes stored in them: `approve` reads "Approve", "Aprobar", "Approuver".
 */
function outcomeFormats(form: NormalizedForm): [string, ValueFormat][] {
  return [form, ...(form.parts ?? [])].flatMap(({ outcomeVariableName, outcomes }) => {
    if (outcomeVariableName === undefined || outcomes.length === 0) return [];
    const labels: Labels = new Map(
      outcomes.map((outcome) => [outcome.key, inEveryLanguage(outcome.label)]),
    );
    return [[outcomeVariableName, { labels }]];
  });
}

/**
 * What the variables of a process mean, from its forms: a field's dictionary or choices
 * give a code's labels, an amount field its currency, a percentage field its ratio, an
 * outcome variable its outcomes' labels. The first form that writes a variable says it.
 */
export function valueDisplayOf(
  forms: Iterable<NormalizedForm>,
  dictionaries: DictionarySet,
): ValueDisplay {
  const formats = new Map<string, ValueFormat>();
  for (const form of forms) {
    for (const field of form.sections.flatMap((section) => section.fields)) {
      if (formats.has(field.id)) continue;
      const format = formatOfField(field, dictionaries);
      if (format) formats.set(field.id, format);
    }
    for (const [variable, format] of outcomeFormats(form)) {
      if (!formats.has(variable)) formats.set(variable, format);
    }
  }
  return { formatOf: (variable) => formats.get(variable) };
}

/**
 * The value display of a process in a tenant: its forms as stored now and, when a field
 * names one, the tenant's dictionaries.
 */
export async function loadValueDisplay(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  model: ProcessModel,
): Promise<ValueDisplay> {
  const forms = [...(await loadProcessForms(db, tenant, model)).values()];
  const named = forms.some((form) =>
    form.sections.some((section) =>
      section.fields.some((field) => dictionaryNameOf(field) !== undefined),
    ),
  );
  return valueDisplayOf(forms, named ? await loadDictionarySet(db, tenant) : new Map());
}
