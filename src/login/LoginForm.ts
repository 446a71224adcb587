import { makeAutoObservable } from 'mobx';
import { LoginProblem, type SessionStore } from '../stores/SessionStore';
import { SavingStatus } from '../stores/statuses';
import { LoginValidation, validateLogin } from './validateLogin';

/** The one line under the sign-in form: a translation key under `login.` and its values. */
export interface LoginLine {
  /** Key under `login.` in the locales. */
  key: string;
  /** Interpolation values (the minutes to wait). */
  values?: Record<string, number>;
}

/**
 * The sign-in form's state: the two fields, its own validation and the one inline line, which
 * shows the form's problem first and otherwise the session's (wrong credentials, expiry...).
 * No request is sent while a problem stands.
 */
export class LoginForm {
  /** The email as typed. */
  email = '';
  /** The password as typed. */
  password = '';
  /** What the form itself found wrong at the last submit, until the field is edited. */
  validation: LoginValidation | null = null;

  private readonly session: SessionStore;

  constructor(session: SessionStore) {
    this.session = session;
    makeAutoObservable<LoginForm, 'session'>(this, { session: false });
  }

  /** Whether the login call is running (the button becomes a spinner). */
  get submitting(): boolean {
    return this.session.loginStatus === SavingStatus.saving;
  }

  /** The message of the inline line, if any. */
  get line(): LoginLine | null {
    if (this.validation) return { key: this.validation };
    const message = this.session.loginMessage;
    if (!message) return null;
    if (message.minutes !== undefined) {
      return { key: message.problem, values: { count: message.minutes } };
    }
    return { key: message.problem };
  }

  private get wrongCredentials(): boolean {
    return this.session.loginMessage?.problem === LoginProblem.wrongCredentials;
  }

  /** Whether the email field is marked wrong. */
  get emailInvalid(): boolean {
    return (
      this.validation === LoginValidation.requiredEmail ||
      this.validation === LoginValidation.invalidEmail ||
      this.wrongCredentials
    );
  }

  /** Whether the password field is marked wrong. */
  get passwordInvalid(): boolean {
    return this.validation === LoginValidation.requiredPassword || this.wrongCredentials;
  }

  /** Updates the email; editing clears the marks the email carried. */
  setEmail(value: string): void {
    this.email = value;
    if (this.validation !== LoginValidation.requiredPassword) this.validation = null;
    this.clearSessionMessage();
  }

  /** Updates the password; editing clears the marks the password carried. */
  setPassword(value: string): void {
    this.password = value;
    if (this.validation === LoginValidation.requiredPassword) this.validation = null;
    this.clearSessionMessage();
  }

  private clearSessionMessage(): void {
    // Once the user acts on a message from the server it has done its job.
    if (this.session.loginMessage) this.session.clearLoginMessage();
  }

  /** Validates, and signs in only when nothing is wrong. */
  async submit(): Promise<void> {
    if (this.submitting) return;
    this.validation = validateLogin(this.email, this.password);
    if (this.validation) return;
    await this.session.login(this.email.trim(), this.password);
  }
}
