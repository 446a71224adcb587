import type { PlainField } from '../../../../schemas/forms';
import type { PlainReading } from '../plugins/defineFieldRules';

/**
 * Whether an author set a setting to something: not absent, null, false, empty text or an
 * empty object.
 */
export function isSetting(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

/**
 * Warns `field.settingNotApplied` for each of `settings` (in `params`) that its author set,
 * in order: an Alfresco Process Services setting the form runtime does not carry out is
 * said to the author by name rather than dropped.
 */
export function warnUnappliedSettings(
  source: PlainField,
  reading: PlainReading,
  settings: readonly string[],
  isSet: (value: unknown) => boolean = isSetting,
): void {
  for (const setting of settings) {
    if (!isSet(source.params?.[setting])) continue;
    reading.warn({
      code: 'field.settingNotApplied',
      path: `${reading.path}/params/${setting}`,
      params: { fieldId: reading.fieldId, setting },
    });
  }
}
