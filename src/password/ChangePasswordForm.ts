import { makeAutoObservable, runInAction } from 'mobx';
import { ErrorCode } from '../../schemas/api/commonConstants';
import type { PasswordSettings } from '../../schemas/api/identity';
import { BadRequestError, UnauthorizedError, type ApiError } from '../api/errors';
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
  serverError: 'serverError',
} as const;
/** One of `ChangePasswordFailure`. */
export type ChangePasswordFailure =
  (typeof ChangePasswordFailure)[keyof typeof ChangePasswordFailure];

/**
 * The change-password screen's state: the account's email and policy (loaded), the new
 * password, its validation, the call and its outcome.
 */
export class ChangePasswordForm {
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

  constructor() {
    makeAutoObservable(this);
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

  /** Closes the banner. */
  dismissFailure(): void {
    this.failure = null;
    if (this.status === ChangePasswordStatus.error) this.status = ChangePasswordStatus.idle;
  }

  /** Validates and, when the password meets the policy, changes it. */
  async submit(): Promise<void> {
    if (!this.settings || this.status === ChangePasswordStatus.submitting) return;
    this.problem = validateNewPassword(this.password, this.settings);
    if (this.problem) return;
    this.status = ChangePasswordStatus.submitting;
    this.failure = null;
    try {
      await updatePassword({ email: this.email, password: this.password });
      runInAction(() => {
        this.status = ChangePasswordStatus.success;
        this.password = '';
      });
    } catch (error) {
      runInAction(() => this.fail(error as ApiError));
    }
  }

  private fail(error: ApiError): void {
    this.status = ChangePasswordStatus.error;
    if (error instanceof UnauthorizedError) return; // the session expired: sign-in takes over
    if (error.code === ErrorCode.weakPassword) {
      // The server's policy is the same function; a refusal means the policy just changed.
      this.problem = NewPasswordProblem.weakPassword;
      this.status = ChangePasswordStatus.idle;
      return;
    }
    this.failure =
      error instanceof BadRequestError
        ? ChangePasswordFailure.emailMismatch
        : ChangePasswordFailure.serverError;
  }
}
