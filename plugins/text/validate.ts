import type { NormalizedField } from '../../schemas/forms';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';
import { fitsMask, maskExample, maskOf } from './inputMask';

/** The code of a value that does not fit its field's input mask. */
export const MASK_CODE = 'validation.mask';

/**
 * Checks a text against its field's input mask, if it has one: the value must be what
 * typing it through the mask gives, every required slot filled. The message shows an
 * example of the format (`123-45-6789`); a mask no example fits gets the general one.
 * Length and pattern are the form's checks, for every field.
 */
export function validateText(value: string, field: NormalizedField): ValidationError[] {
  const mask = maskOf(field);
  if (!mask || fitsMask(value, mask)) return [];
  const example = maskExample(mask);
  return [
    example === undefined
      ? validationError('validation.pattern')
      : validationError(MASK_CODE, { example }),
  ];
}
