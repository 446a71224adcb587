import { ErrorCode } from '../../schemas/api/common';
import type { PasswordSettings } from '../../schemas/api/identity';
import { evaluatePassword } from '../../schemas/api/passwordRules';
import { AppError } from '../errors';
import { verifyPassword } from './passwordHash';

/**
 * Throws 422 `WEAK_PASSWORD` when `password` breaks the tenant's policy (one detail per
 * broken rule, `password.<rule>` with its numbers) or equals the current password, which
 * would defeat a forced change.
 */
export async function assertAcceptablePassword(
  password: string,
  policy: PasswordSettings,
  currentHash: string,
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
  if (await verifyPassword(password, currentHash)) {
    throw new AppError(
      422,
      ErrorCode.weakPassword,
      'The new password must differ from the current one.',
      {
        details: [{ path: field, code: 'password.reused' }],
      },
    );
  }
}
