import { ErrorCode } from '../../schemas/api/common';
import type { PasswordSettings } from '../../schemas/api/identity';
import { evaluatePassword } from '../../schemas/api/passwordRules';
import { AppError } from '../errors';

/**
 * Throws 422 `WEAK_PASSWORD` when `password` breaks the tenant's policy (one detail per
 * broken rule, `password.<rule>` with its numbers), and 422 `PASSWORD_REUSED` when it equals
 * the current password, which would defeat a forced change (its own code, since every rule
 * may be met). `isCurrentPassword` says whether a password is the current one
 * (a hash through the hashing queue, or a plain comparison when the caller was just given it).
 */
export async function assertAcceptablePassword(
  password: string,
  policy: PasswordSettings,
  isCurrentPassword: (password: string) => Promise<boolean>,
  field = 'password',
): Promise<void> {
  const broken = evaluatePassword(password, policy).filter((result) => !result.met);
  if (broken.length > 0) {
    throw new AppError(422, ErrorCode.weakPassword, 'The password does not meet the policy.', {
      details: broken.map((result) => ({
        path: field,
        code: `password.${result.rule}`,
        params:
          result.max === undefined ? { min: result.min } : { min: result.min, max: result.max },
      })),
    });
  }
  if (await isCurrentPassword(password)) {
    throw new AppError(
      422,
      ErrorCode.passwordReused,
      'The new password must differ from the current one.',
      {
        details: [{ path: field, code: 'password.reused' }],
      },
    );
  }
}
