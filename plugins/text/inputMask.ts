import type { NormalizedField } from '../../schemas/forms';

/**
 * An input mask of Alfresco Process Services (`params.inputMask`): its characters are
 * those of the jQuery Mask Plugin, which APS's form renderer follows. `0` a digit, `9` an
 * optional digit, `#` digits repeating (thousands in `#.##0,00`), `A` a letter or digit,
 * `S` a letter; any other character is written as it stands. A reversed mask fills from
 * the right, as amounts are typed.
 */
export interface InputMask {
  /** The mask as written. */
  readonly mask: string;
  /** Filled from the right (`params.inputMaskReversed`). */
  readonly reversed: boolean;
}

/** What a text becomes under a mask. */
export interface MaskedText {
  /** The text with the mask's characters put in and what no slot takes left out. */
  readonly text: string;
  /** Every slot that must be filled is filled. */
  readonly complete: boolean;
}

interface MaskToken {
  readonly pattern: RegExp;
  readonly optional?: boolean;
  readonly recursive?: boolean;
}

const TOKENS: Readonly<Record<string, MaskToken>> = {
  '0': { pattern: /^\d$/ },
  '9': { pattern: /^\d$/, optional: true },
  '#': { pattern: /^\d$/, recursive: true },
  A: { pattern: /^[a-zA-Z0-9]$/ },
  S: { pattern: /^[a-zA-Z]$/ },
};

const tokenOf = (char: string | undefined): MaskToken | undefined =>
  char !== undefined && Object.hasOwn(TOKENS, char) ? TOKENS[char] : undefined;

/**
 * The most steps one masking may take: a repeating `#` walks its part of the mask again
 * for each digit, so a long value under a long mask could otherwise cost the server much.
 * Far above any value a person types into a masked field.
 */
const MAX_STEPS = 20_000;

/** A field's input mask, as the compiler keeps it in `config`; none when it has none. */
export function maskOf(field: Pick<NormalizedField, 'config'>): InputMask | undefined {
  const { inputMask, inputMaskReversed } = field.config;
  if (typeof inputMask !== 'string' || inputMask === '') return undefined;
  return { mask: inputMask, reversed: inputMaskReversed === true };
}

/**
 * Puts a text under a mask, the way the jQuery Mask Plugin does (and so APS): walking the
 * mask and the text together (from the right when reversed), a slot takes a character it
 * accepts and skips one it does not, an optional slot steps aside for a character that is
 * not its, and the mask's own characters are written in (a typed one is taken as it). The
 * walk stops at the end of the text, so a mask's characters come only once something
 * follows them; a closing one (`(000)`) comes with the last slot.
 */
export function applyMask(value: string, { mask, reversed }: InputMask): MaskedText {
  // 1. Walk from the left, or from the right for a reversed mask.
  const step = reversed ? -1 : 1;
  const last = reversed ? 0 : mask.length - 1;
  const out: string[] = [];
  const add = (char: string) => (reversed ? out.unshift(char) : out.push(char));
  let m = reversed ? mask.length - 1 : 0;
  let v = reversed ? value.length - 1 : 0;
  let repeatFrom = -1;
  let skippedLiteral: string | undefined;
  let steps = 0;
  const inMask = () => (reversed ? m > -1 : m < mask.length);
  const inValue = () => (reversed ? v > -1 : v < value.length);
  while (inMask() && inValue()) {
    steps += 1;
    if (steps > MAX_STEPS) return { text: value, complete: false };
    const maskChar = mask.charAt(m);
    const char = value.charAt(v);
    const token = tokenOf(maskChar);
    if (!token) {
      // 2. The mask's own character: written in, and taken if it was typed.
      add(maskChar);
      if (char === maskChar) v += step;
      else skippedLiteral = maskChar;
      m += step;
      continue;
    }
    if (token.pattern.test(char)) {
      // 3. A slot takes the character; a repeating slot sends the walk back to its start
      //    when the mask runs out.
      add(char);
      if (token.recursive) {
        if (repeatFrom === -1) repeatFrom = m;
        else if (m === last && m !== repeatFrom) m = repeatFrom - step;
        if (last === repeatFrom) m -= step;
      }
      m += step;
    } else if (char === skippedLiteral) {
      // A mask character typed after the walk wrote it in (a paste of the masked text).
      skippedLiteral = undefined;
    } else if (token.optional) {
      // 4. An optional slot steps aside: the character is tried against the next one.
      m += step;
      v -= step;
    }
    // 5. Anything else is a character no slot takes: left out.
    v += step;
  }
  // 6. A closing mask character comes with the last slot (`(123` becomes `(123)`).
  if (!reversed && m === last && !tokenOf(mask.charAt(m)) && value.length > 0) {
    out.push(mask.charAt(m));
    m += step;
  }
  return {
    text: out.join(''),
    complete: isComplete(mask, reversed ? 0 : m, reversed ? m + 1 : mask.length),
  };
}

// Whether the part of the mask the walk did not reach needs nothing more: no slot that
// must be filled and, unless the mask repeats, no mask character still to come.
function isComplete(mask: string, from: number, to: number): boolean {
  const repeats = [...mask].some((char) => tokenOf(char)?.recursive === true);
  for (let index = from; index < to; index += 1) {
    const token = tokenOf(mask.charAt(index));
    if (token ? !token.optional && !token.recursive : !repeats) return false;
  }
  return true;
}

/**
 * Whether a value is what the mask makes of it and fills every slot it must: what typing
 * it in the masked field gives. `123-45-6789` fits `000-00-0000`; `123456789`, `123-45`
 * and `12a-45-6789` do not.
 */
export function fitsMask(value: string, mask: InputMask): boolean {
  const masked = applyMask(value, mask);
  return masked.complete && masked.text === value;
}

const SAMPLE_DIGITS = '1234567890';
const SAMPLE_LETTERS = 'ABCDEFGHJK';

/**
 * A value that fits the mask, to show people the format it asks for (`123-45-6789` for
 * `000-00-0000`, `1.234,56` for the reversed `#.##0,00`); `undefined` if none is found.
 */
export function maskExample(mask: InputMask): string | undefined {
  let digits = 0;
  let letters = 0;
  const typed = [...mask.mask]
    .map((char) => {
      if (char === 'S' || char === 'A') {
        letters += 1;
        return SAMPLE_LETTERS.charAt((letters - 1) % SAMPLE_LETTERS.length);
      }
      if (tokenOf(char)) {
        digits += 1;
        return SAMPLE_DIGITS.charAt((digits - 1) % SAMPLE_DIGITS.length);
      }
      return char;
    })
    .join('');
  const example = applyMask(typed, mask).text;
  return fitsMask(example, mask) ? example : undefined;
}

/**
 * Where the caret goes once typed text is masked: after as many letters and digits as stood
 * before it (for a reversed mask: before as many as stood after it), so a mask character
 * put in does not leave the caret behind it.
 */
export function caretAfterMask(
  typed: string,
  caret: number,
  masked: string,
  reversed: boolean,
): number {
  const counted = (text: string) => [...text].filter((char) => /[a-zA-Z0-9]/.test(char)).length;
  if (reversed) {
    let after = counted(typed.slice(caret));
    let position = masked.length;
    while (position > 0 && after > 0) {
      position -= 1;
      if (/[a-zA-Z0-9]/.test(masked.charAt(position))) after -= 1;
    }
    return position;
  }
  let before = counted(typed.slice(0, caret));
  if (caret >= typed.length) return masked.length;
  let position = 0;
  while (position < masked.length && before > 0) {
    if (/[a-zA-Z0-9]/.test(masked.charAt(position))) before -= 1;
    position += 1;
  }
  return position;
}
