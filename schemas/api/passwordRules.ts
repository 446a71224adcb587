import type { PasswordSettings } from './identity';

/** The special characters of spec 000 section 5, space included. */
export const SPECIAL_CHARACTERS = ' `!#$%^&*()@_+-=[]{};\':"\\|,.<>/?~';

/** One rule of the password policy, as the live checklist shows it. */
export interface PasswordRuleResult {
  /** Which rule this is; doubles as the translation key suffix. */
  rule: 'length' | 'digits' | 'lowercase' | 'uppercase' | 'special';
  /** The minimum the policy asks for (the minimum length for `length`). */
  min: number;
  /** The maximum length; only for `length`. */
  max?: number;
  /** Whether the password meets this rule. */
  met: boolean;
}

const count = (password: string, test: (ch: string) => boolean): number =>
  Array.from(password).filter(test).length;

/**
 * Evaluates a password against a tenant's policy. Rules with a zero minimum are left out,
 * as the checklist shows only rules that ask for something; the length rule is always there.
 * The server and the client both call this, so they can never disagree.
 */
export function evaluatePassword(
  password: string,
  settings: PasswordSettings,
): PasswordRuleResult[] {
  const length = Array.from(password).length;
  const results: PasswordRuleResult[] = [
    {
      rule: 'length',
      min: settings.minLength,
      max: settings.maxLength,
      met: length >= settings.minLength && length <= settings.maxLength,
    },
  ];
  const counted: Array<[PasswordRuleResult['rule'], number, (ch: string) => boolean]> = [
    ['digits', settings.minDigits, (ch) => ch >= '0' && ch <= '9'],
    ['lowercase', settings.minLowercaseCharacters, (ch) => ch >= 'a' && ch <= 'z'],
    ['uppercase', settings.minUppercaseCharacters, (ch) => ch >= 'A' && ch <= 'Z'],
    ['special', settings.minSpecialCharacters, (ch) => SPECIAL_CHARACTERS.includes(ch)],
  ];
  for (const [rule, min, test] of counted) {
    if (min > 0) results.push({ rule, min, met: count(password, test) >= min });
  }
  return results;
}

/** True when every rule of the policy is met. */
export function isPasswordValid(password: string, settings: PasswordSettings): boolean {
  return evaluatePassword(password, settings).every((r) => r.met);
}
