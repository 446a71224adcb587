import { makeAutoObservable, runInAction } from 'mobx';
import { RateLimitedError, type ApiError } from '../api/errors';
import { requestPasswordReset } from '../api/identityApi';
import type { Language } from '../i18n/languages';
import { SavingStatus } from '../stores/statuses';
import { LoginValidation, looksLikeEmail } from './validateLogin';

/** The line under the forgot-password field: a full translation key and its values. */
export interface ForgotPasswordLine {
  /** The full translation key. */
  key: string;
  /** Interpolation values. */
  values?: Record<string, string | number>;
}

/**
 * The forgot-password dialog: one email, one request. Whether the account exists is never
 * revealed: any answer the server gives for a well-formed request reads "if an account exists,
 * a link is on its way".
 */
export class ForgotPasswordForm {
  /** The email as typed. */
  email: string;
  /** Saving status of the request. */
  status: SavingStatus = SavingStatus.unknown;
  /** The problem to show under the field, if any. */
  problem: ForgotPasswordLine | null = null;
  /** The address the link was requested for, shown in the confirmation. */
  sentTo = '';

  constructor(initialEmail: string) {
    this.email = initialEmail;
    makeAutoObservable(this);
  }

  /** Updates the email and clears a standing problem. */
  setEmail(value: string): void {
    this.email = value;
    this.problem = null;
  }

  /** Asks for the link in the given language, which the email will be written in. */
  async submit(language: Language): Promise<void> {
    if (this.status === SavingStatus.saving) return;
    const email = this.email.trim();
    if (email === '') {
      this.problem = { key: `login.${LoginValidation.requiredEmail}` };
      return;
    }
    if (!looksLikeEmail(email)) {
      this.problem = { key: `login.${LoginValidation.invalidEmail}` };
      return;
    }
    this.status = SavingStatus.saving;
    this.problem = null;
    try {
      await requestPasswordReset({ email, language });
      runInAction(() => {
        this.sentTo = email;
        this.status = SavingStatus.success;
      });
    } catch (error) {
      runInAction(() => {
        this.status = SavingStatus.error;
        this.problem =
          error instanceof RateLimitedError
            ? {
                key: 'login.tooManyAttempts',
                values: { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) },
              }
            : { key: errorKey(error as ApiError) };
      });
    }
  }
}

function errorKey(error: ApiError): string {
  return error.status === 0 ? 'errors.NETWORK_ERROR' : 'common.serverErrorTryAgain';
}
