import { MESSAGE_BLOCKS_CODE, REQUIRED_CODE } from '../../core/forms/fields/validationError';
import type { FieldErrorMap } from './FormValidator';

// Required values first, then blocking message fields, then everything else (spec 001 s. 5).
function rank(codes: readonly string[]): number {
  if (codes.includes(REQUIRED_CODE)) return 0;
  if (codes.includes(MESSAGE_BLOCKS_CODE)) return 1;
  return 2;
}

/**
 * The field a refused submit scrolls to: the first field, in form order, of the most
 * urgent kind of error.
 */
export function firstErrorFieldId(
  errors: FieldErrorMap,
  order: readonly string[],
): string | undefined {
  let best: { fieldId: string; rank: number; index: number } | undefined;
  for (const [fieldId, fieldErrors] of errors) {
    if (fieldErrors.length === 0) continue;
    const candidate = {
      fieldId,
      rank: rank(fieldErrors.map((error) => error.code)),
      index: order.indexOf(fieldId),
    };
    if (
      !best ||
      candidate.rank < best.rank ||
      (candidate.rank === best.rank && candidate.index < best.index)
    ) {
      best = candidate;
    }
  }
  return best?.fieldId;
}
