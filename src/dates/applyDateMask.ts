/** The due-date mask of spec 000 section 5: `9` takes a digit, anything else is a literal. */
export const DUE_DATE_MASK = '99/99/9999';

/**
 * Fits typed text to a mask such as `99/99/9999`: digits fill the `9` slots in order, the
 * literals between them are put in as soon as the next digit needs them, and anything else
 * (letters, extra digits) is dropped. Text pasted as `1-2-2024` keeps its digits only, so
 * `12022024` becomes `12/02/2024`.
 */
export function applyDateMask(raw: string, mask: string = DUE_DATE_MASK): string {
  const digits = raw.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of mask) {
    if (next >= digits.length) break;
    if (slot === '9') {
      out += digits[next];
      next += 1;
    } else {
      out += slot;
    }
  }
  return out;
}
