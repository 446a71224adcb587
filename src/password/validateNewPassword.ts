import type { PasswordSettings } from '../../schemas/api/identity';
import { isPasswordValid } from '../../schemas/api/passwordRules';

/** What a new password can lack (spec 000 section 5, Password); keys under `changePassword.`. */
export const NewPasswordProblem = {
  required: 'required',
  weakPassword: 'weakPassword',
  /** The server found it is the current password: the rules may all be met. */
  reused: 'reused',
} as const;
/** One of `NewPasswordProblem`. */
export type NewPasswordProblem = (typeof NewPasswordProblem)[keyof typeof NewPasswordProblem];

/** Checks a new password against the tenant's policy, with the server's own rules. */
export function validateNewPassword(
  password: string,
  settings: PasswordSettings,
): NewPasswordProblem | null {
  if (password === '') return NewPasswordProblem.required;
  if (!isPasswordValid(password, settings)) return NewPasswordProblem.weakPassword;
  return null;
}
