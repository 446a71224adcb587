import type { PlainField } from '../../schemas/forms';
import { warnUnappliedSettings } from '../../src/core/forms/compiler/unappliedSettings';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A people picker offers everyone in the tenant's directory: APS's `restrictWithGroup` is
 * not carried out, and the author is told so by name (`field.settingNotApplied`).
 */
export function peopleFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  warnUnappliedSettings(source, reading, ['restrictWithGroup']);
  return {};
}
