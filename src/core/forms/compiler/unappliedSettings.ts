import type { PlainField } from '../../../../schemas/forms';
import type { PlainFieldReading, PlainReading } from '../plugins/defineFieldRules';

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

/**
 * A type's `fromPlain` that reads nothing but warns about each of `settings` its author set
 * (see {@link warnUnappliedSettings}): a people or group picker's `restrictWithGroup`.
 */
export function settingsNotApplied(
  settings: readonly string[],
): (source: PlainField, reading: PlainReading) => PlainFieldReading {
  return (source, reading) => {
    warnUnappliedSettings(source, reading, settings);
    return {};
  };
}
