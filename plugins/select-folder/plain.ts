import type { PlainField } from '../../schemas/forms';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * An APS `select-folder`: with no content repository to pick from, it keeps every setting
 * its author wrote (for a later version or another tool to read back) and warns
 * `selectFolder.noRepository`.
 */
export function selectFolderFromPlain(
  _source: PlainField,
  reading: PlainReading,
): PlainFieldReading {
  reading.warn({
    code: 'selectFolder.noRepository',
    path: `${reading.path}/type`,
    params: { fieldId: reading.fieldId },
  });
  return { keepsAuthoredSettings: true };
}
