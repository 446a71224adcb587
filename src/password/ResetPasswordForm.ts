import { makeAutoObservable, runInAction } from 'mobx';
import { ErrorCode } from '../../schemas/api/commonConstants';
import type { PasswordSettings } from '../../schemas/api/identity';
import type { ApiError } from '../api/errors';
import {
  fetchUnauthenticatedPasswordSettings,
  resetPassword,
  verifyReset,
} from '../api/identityApi';
import { SavingStatus } from '../stores/statuses';
import { NewPasswordProblem, validateNewPassword } from './validateNewPassword';

/** What the reset page shows (spec 000 section 4, Reset password). */
export const ResetPasswordView = {
  loading: 'loading',
  form: 'form',
  success: 'success',
  expired: 'expired',
  /** The link could not be checked for another reason (the server is unwell). */
  loadFailed: 'loadFailed',
} as const;
/** One of `ResetPasswordView`. */
export type ResetPasswordView = (typeof ResetPasswordView)[keyof typeof ResetPasswordView];

/** Whether a server error code says the emailed code is bad or spent. */
export function isOobCodeError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.includes('OOB_CODE')
  );
}

/**
 * Whether checking a link failed because of the link itself: a bad or spent code, or any other
 * refusal (another tenant's link, an unknown tenant, a malformed code). Only a server or
 * network failure is worth retrying.
 */
function isUnusableLink(error: unknown): boolean {
  if (isOobCodeError(error)) return true;
  const status = (error as Partial<ApiError>).status ?? 0;
  return status >= 400 && status < 500 && status !== 429;
}

// The shapes the server accepts (ResetPasswordBody); anything else cannot be a real link.
const validCode = (code: string) => code.length >= 16 && code.length <= 128;
const validTenant = (tenant: string) => /^[a-z0-9-]{1,63}$/i.test(tenant);

/**
 * The reset page's state: checks the emailed link (code and tenant), loads the tenant's
 * policy, then sets the new password. A bad or spent code shows the expired-link view.
 */
export class ResetPasswordForm {
  /** Which view the page shows. */
  view: ResetPasswordView = ResetPasswordView.loading;
  /** The account the link was issued for. */
  email = '';
  /** The tenant's password policy; null until loaded. */
  settings: PasswordSettings | null = null;
  /** The new password as typed. */
  password = '';
  /** Saving status of the reset call. */
  status: SavingStatus = SavingStatus.unknown;
  /** The field's problem at the last submit, until edited. */
  problem: NewPasswordProblem | null = null;
  /** Whether the last submit failed for a reason other than the link. */
  serverError = false;

  private readonly oobCode: string;
  private readonly tenant: string;

  constructor(oobCode: string | null, tenant: string | null) {
    this.oobCode = oobCode ?? '';
    this.tenant = tenant ?? '';
    makeAutoObservable<ResetPasswordForm, 'oobCode' | 'tenant'>(this, {
      oobCode: false,
      tenant: false,
    });
  }

  /** Checks the link and loads the policy, or shows the expired view for a malformed link. */
  async load(): Promise<void> {
    if (!validCode(this.oobCode) || !validTenant(this.tenant)) {
      this.view = ResetPasswordView.expired;
      return;
    }
    this.view = ResetPasswordView.loading;
    try {
      const [email, policy] = await Promise.all([
        verifyReset(this.tenant, this.oobCode),
        fetchUnauthenticatedPasswordSettings(this.tenant),
      ]);
      runInAction(() => {
        this.email = email;
        this.settings = policy.settings;
        this.view = ResetPasswordView.form;
      });
    } catch (error) {
      runInAction(() => {
        this.view = isUnusableLink(error)
          ? ResetPasswordView.expired
          : ResetPasswordView.loadFailed;
      });
    }
  }

  /** Updates the password and clears the field's problem. */
  setPassword(value: string): void {
    this.password = value;
    this.problem = null;
  }

  /** Validates and, when the password meets the policy, sets it. */
  async submit(): Promise<void> {
    if (!this.settings || this.status === SavingStatus.saving) return;
    this.problem = validateNewPassword(this.password, this.settings);
    if (this.problem) return;
    this.status = SavingStatus.saving;
    this.serverError = false;
    try {
      await resetPassword({
        email: this.email,
        newPassword: this.password,
        oobCode: this.oobCode,
        tenantId: this.tenant,
      });
      runInAction(() => {
        this.status = SavingStatus.success;
        this.view = ResetPasswordView.success;
        this.password = '';
      });
    } catch (error) {
      runInAction(() => {
        this.status = SavingStatus.error;
        if (isOobCodeError(error)) this.view = ResetPasswordView.expired;
        else if ((error as ApiError).code === ErrorCode.weakPassword) {
          this.problem = NewPasswordProblem.weakPassword;
        } else if ((error as ApiError).code === ErrorCode.passwordReused) {
          this.problem = NewPasswordProblem.reused;
        } else this.serverError = true;
      });
    }
  }
}
