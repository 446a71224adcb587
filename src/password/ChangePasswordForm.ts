import { makeAutoObservable, runInAction } from 'mobx';
import { ErrorCode } from '../../schemas/api/commonConstants';
import type { PasswordSettings } from '../../schemas/api/identity';
import { BadRequestError, RateLimitedError, UnauthorizedError, type ApiError } from '../api/errors';
import { fetchPasswordSettings, updatePassword } from '../api/identityApi';
import { RemoteLoadingStatus } from '../stores/statuses';
import { NewPasswordProblem, validateNewPassword } from './validateNewPassword';

/** The states of the change (spec 000 section 4, Password change). */
export const ChangePasswordStatus = {
  idle: 'idle',
  submitting: 'submitting',
  success: 'success',
  error: 'error',
} as const;
/** One of `ChangePasswordStatus`. */
export type ChangePasswordStatus = (typeof ChangePasswordStatus)[keyof typeof ChangePasswordStatus];

/** A server-side failure shown in the dismissible banner; keys under `changePassword.`. */
export const ChangePasswordFailure = {
  emailMismatch: 'emailMismatch',
  tooManyAttempts: 'tooManyAttempts',
  serverError: 'serverError',
} as const;
/** One of `ChangePasswordFailure`. */
export type ChangePasswordFailure =
  (typeof ChangePasswordFailure)[keyof typeof ChangePasswordFailure];

/** What the current-password field can lack; keys under `changePassword.`. */
export const CurrentPasswordProblem = {
  currentRequired: 'currentRequired',
  currentWrong: 'currentWrong',
} as const;
/** One of `CurrentPasswordProblem`. */
export type CurrentPasswordProblem =
  (typeof CurrentPasswordProblem)[keyof typeof CurrentPasswordProblem];

/** How the change-password screen was reached. */
export interface ChangePasswordFormOptions {
  /**
   * True in the must-change flow right after sign-in, which does not ask for the current
   * password again (the server accepts that session without it); a signed-in change proves
   * it. Read on demand, since a reload learns the session's kind after the form exists.
   */
  mustChange: () => boolean;
}

/**
 * The change-password screen's state: the account's email and policy (loaded), the current
 * password when a signed-in change needs it, the new password, their validation, the call
 * and its outcome.
 */
export class ChangePasswordForm {
  /** The current password as typed. */
  currentPassword = '';
  /** The current password's problem at the last submit, until edited. */
  currentProblem: CurrentPasswordProblem | null = null;
  /** Minutes to wait after too many wrong current passwords. */
  retryAfterMinutes = 0;
  /** Loading status of the email and password policy. */
  settingsStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The account whose password changes. */
  email = '';
  /** The tenant's password policy; null until loaded. */
  settings: PasswordSettings | null = null;
  /** The new password as typed. */
  password = '';
  /** Where the change stands. */
  status: ChangePasswordStatus = ChangePasswordStatus.idle;
  /** The field's problem at the last submit, until edited. */
  problem: NewPasswordProblem | null = null;
  /** The banner's failure, until dismissed or the next submit. */
  failure: ChangePasswordFailure | null = null;

  private readonly options: ChangePasswordFormOptions;

  constructor(options: ChangePasswordFormOptions) {
    this.options = options;
    makeAutoObservable<this, 'options'>(this, { options: false });
  }

  /** Whether the current password is asked for. */
  get requiresCurrentPassword(): boolean {
    return !this.options.mustChange();
  }

  /** Loads the email and the policy. A 401 is handled by the HTTP client (back to sign-in). */
  async load(): Promise<void> {
    this.settingsStatus = RemoteLoadingStatus.loading;
    try {
      const answer = await fetchPasswordSettings();
      runInAction(() => {
        this.email = answer.email;
        this.settings = answer.settings;
        this.settingsStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      runInAction(() => {
        this.settingsStatus = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** Updates the password and clears the field's problem. */
  setPassword(value: string): void {
    this.password = value;
    this.problem = null;
  }

  /** Updates the current password and clears its problem. */
  setCurrentPassword(value: string): void {
    this.currentPassword = value;
    this.currentProblem = null;
  }

  /** Closes the banner. */
  dismissFailure(): void {
    this.failure = null;
    if (this.status === ChangePasswordStatus.error) this.status = ChangePasswordStatus.idle;
  }

  /** Validates and, when the password meets the policy, changes it. */
  async submit(): Promise<void> {
    if (!this.settings || this.status === ChangePasswordStatus.submitting) return;
    this.currentProblem =
      this.requiresCurrentPassword && this.currentPassword === ''
        ? CurrentPasswordProblem.currentRequired
        : null;
    this.problem = validateNewPassword(this.password, this.settings);
    if (this.problem || this.currentProblem) return;
    this.status = ChangePasswordStatus.submitting;
    this.failure = null;
    try {
      await updatePassword({
        email: this.email,
        password: this.password,
        ...(this.requiresCurrentPassword ? { currentPassword: this.currentPassword } : {}),
      });
      runInAction(() => {
        this.status = ChangePasswordStatus.success;
        this.password = '';
        this.currentPassword = '';
      });
    } catch (error) {
      runInAction(() => this.fail(error as ApiError));
    }
  }

  private fail(error: ApiError): void {
    this.status = ChangePasswordStatus.error;
    if (error instanceof UnauthorizedError) return; // the session expired: sign-in takes over
    if (
      error.code === ErrorCode.currentPasswordRequired ||
      error.code === ErrorCode.wrongCurrentPassword
    ) {
      this.currentProblem =
        error.code === ErrorCode.wrongCurrentPassword
          ? CurrentPasswordProblem.currentWrong
          : CurrentPasswordProblem.currentRequired;
      this.status = ChangePasswordStatus.idle;
      return;
    }
    if (error instanceof RateLimitedError) {
      this.retryAfterMinutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
      this.failure = ChangePasswordFailure.tooManyAttempts;
      return;
    }
    if (error.code === ErrorCode.weakPassword) {
      // The server's policy is the same function; a refusal means the policy just changed.
      this.problem = NewPasswordProblem.weakPassword;
      this.status = ChangePasswordStatus.idle;
      return;
    }
    if (error.code === ErrorCode.passwordReused) {
      this.problem = NewPasswordProblem.reused;
      this.status = ChangePasswordStatus.idle;
      return;
    }
    this.failure =
      error instanceof BadRequestError
        ? ChangePasswordFailure.emailMismatch
        : ChangePasswordFailure.serverError;
  }
}
