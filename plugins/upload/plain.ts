import type { PlainField } from '../../schemas/forms';
import { isSetting, warnUnappliedSettings } from '../../src/core/forms/compiler/unappliedSettings';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * APS's file sources that mean "from the person's computer", which is where uploads come
 * from here anyway: naming one changes nothing.
 */
const LOCAL_FILE_SOURCES: ReadonlySet<string> = new Set(['all-file-sources', 'local-file']);

/** Whether an upload setting says something: a file source on the person's computer does not. */
function isSet(value: unknown): boolean {
  const serviceId =
    typeof value === 'object' && value !== null
      ? (value as { serviceId?: unknown }).serviceId
      : undefined;
  if (typeof serviceId === 'string' && LOCAL_FILE_SOURCES.has(serviceId)) return false;
  return isSetting(value);
}

/**
 * An APS `upload` holds one file, kept with the case: several files (`multiple`) or a
 * repository as the source (`fileSource`) are not carried out, and the author is told so
 * by name (`field.settingNotApplied`).
 */
export function uploadFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  warnUnappliedSettings(source, reading, ['multiple', 'fileSource'], isSet);
  return {};
}
