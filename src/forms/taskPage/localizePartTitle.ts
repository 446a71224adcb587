import type { i18n as I18n } from 'i18next';
import type { LocalizedText } from '../../../schemas/forms';
import { localizeText } from '../../core/forms/compiler/localizeText';

/**
 * A combined task's part title in the page's language. A title the definition gives in that
 * language wins; otherwise the product's translation kept under `taskForm.partTitles.<form
 * id>` (an inline form names itself in one language only), else the definition's own text.
 */
export function localizePartTitle(
  i18n: I18n,
  formId: string,
  title: LocalizedText | null,
  locale: string,
): string {
  const own =
    title !== null && typeof title === 'object'
      ? (title as Record<string, string | undefined>)[locale]
      : undefined;
  if (own) return own;
  const key = `taskForm.partTitles.${formId}`;
  if (i18n.exists(key, { lng: locale })) return i18n.t(key, { lng: locale });
  return localizeText(title ?? undefined, locale);
}
