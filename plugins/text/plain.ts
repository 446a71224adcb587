import type { PlainField } from '../../schemas/forms';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable / APS `text` field's input mask (`params.inputMask`): the widget types
 * through it and the value must fit it. A reversed mask fills from the right; the mask's
 * placeholder (`___-__-____`) is what its renderer shows instead of the field's own.
 */
export function textFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  const params = source.params ?? {};
  const mask = params.inputMask;
  if (typeof mask !== 'string' || mask === '') return {};
  const config: Record<string, unknown> = { inputMask: mask };
  const reversed = params.inputMaskReversed;
  if (reversed === true || reversed === 'true') config.inputMaskReversed = true;
  const written = params.inputMaskPlaceholder;
  if (typeof written !== 'string' || written.trim() === '') return { config };
  const where = `${reading.path}/params/inputMaskPlaceholder`;
  return { config, placeholder: { text: written, path: where } };
}
