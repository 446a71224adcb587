import { makeAutoObservable, runInAction } from 'mobx';
import type { Account } from '../../schemas/api/identity';
import { ErrorCode } from '../../schemas/api/commonConstants';
import { Privilege } from '../../schemas/api/identityConstants';
import {
  BadRequestError,
  MaintenanceError,
  NetworkError,
  RateLimitedError,
  UnauthorizedError,
  type ApiError,
} from '../api/errors';
import * as identityApi from '../api/identityApi';
import { SessionGrant } from '../api/identityApi';
import { Paths, isPublicPath, pathnameOf } from '../routing/paths';
import type { AppNavigator } from './AppNavigator';
import type { ShellStore } from './ShellStore';
import type { ToastStore } from './ToastStore';
import { RemoteLoadingStatus, SavingStatus } from './statuses';

/** The least time between two re-checks of a signed-in session on returning to the tab. */
const REVALIDATION_INTERVAL_MS = 15_000;

/** Where the session stands (spec 000 section 4, "Session"). */
export const SessionStatus = {
  /** Not checked yet. */
  unknown: 'unknown',
  /** The session check (or a login) is running. */
  checking: 'checking',
  /** Signed in with a loaded account. */
  authenticated: 'authenticated',
  /** Nobody is signed in. */
  anonymous: 'anonymous',
  /** Signed in, but the password must be changed first (the server's 307). */
  passwordChangeRequired: 'passwordChangeRequired',
  /** The server answered 503. */
  maintenance: 'maintenance',
} as const;
/** One of `SessionStatus`. */
export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];

/** Why the maintenance page shows. */
export const MaintenanceReason = {
  /** The tenant's or the global maintenance flag (503 `MAINTENANCE`, or any other 503). */
  planned: 'planned',
  /** The server cannot reach its database (503 `DATABASE_UNAVAILABLE`). */
  databaseUnavailable: 'databaseUnavailable',
} as const;
/** Why the maintenance page shows. */
export type MaintenanceReason = (typeof MaintenanceReason)[keyof typeof MaintenanceReason];

/** Why the sign-in line shows a message; each is a key under `login.` in the locales. */
export const LoginProblem = {
  sessionExpired: 'sessionExpired',
  wrongCredentials: 'wrongCredentials',
  errorLogginIn: 'errorLogginIn',
  serverError: 'serverError',
  tooManyAttempts: 'tooManyAttempts',
  accountLocked: 'accountLocked',
} as const;
/** One of `LoginProblem`. */
export type LoginProblem = (typeof LoginProblem)[keyof typeof LoginProblem];

/** The message on the sign-in line, with the minutes to wait after too many attempts. */
export interface LoginMessage {
  /** What went wrong. */
  problem: LoginProblem;
  /** Minutes until another attempt makes sense (`tooManyAttempts`, `accountLocked`). */
  minutes?: number;
}

/** What the session needs from the rest of the app. */
export interface SessionStoreDeps {
  /** Where privilege and failure toasts go. */
  toasts: ToastStore;
  /** Cleared when the account leaves. */
  shell: ShellStore;
  /** Moves the user between routes. */
  navigator: AppNavigator;
}

/** A busy answer the sign-in waits out by itself: the server asks for this many seconds at most. */
const SHORT_WAIT_SECONDS = 10;
/** How many busy answers one sign-in waits out before it tells the user. */
const SHORT_WAIT_TRIES = 3;

/**
 * Signs in, waiting out the server's short "busy hashing" answers (429 RATE_LIMITED with a
 * Retry-After of a few seconds): staff behind one office address who sign in at the same
 * second should see a slower spinner, not an error. Throttles and locks (other codes, or
 * long waits) reach the user at once.
 */
async function loginThroughShortWaits(email: string, password: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await identityApi.login(email, password);
    } catch (error) {
      const shortWait =
        error instanceof RateLimitedError &&
        error.code === ErrorCode.rateLimited &&
        error.retryAfterSeconds <= SHORT_WAIT_SECONDS &&
        attempt < SHORT_WAIT_TRIES;
      if (!shortWait) throw error;
      await new Promise((resume) => setTimeout(resume, error.retryAfterSeconds * 1000));
    }
  }
}

/**
 * The session state machine of spec 000 section 4: the status check on load, login, expiry on
 * a 401, maintenance on a 503, and logout. It owns the signed-in account; every screen reads
 * the account and privileges from here.
 */
export class SessionStore {
  /** Where the session stands. */
  status: SessionStatus = SessionStatus.unknown;
  /** The signed-in account; null until loaded. */
  account: Account | null = null;
  /** Loading status of the account. */
  accountStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Saving status of the login call; the sign-in button shows a spinner while `saving`. */
  loginStatus: SavingStatus = SavingStatus.unknown;
  /** Saving status of the logout call. */
  logoutStatus: SavingStatus = SavingStatus.unknown;
  /** The message the sign-in line shows, if any. */
  loginMessage: LoginMessage | null = null;
  /** Where to go after the next login: the path the session expired on. */
  returnPath: string | null = null;
  /**
   * Why the maintenance page shows: planned maintenance, or a database the server cannot
   * reach (503 `DATABASE_UNAVAILABLE`), which passes within seconds and is retried sooner.
   */
  maintenanceReason: MaintenanceReason = MaintenanceReason.planned;

  private readonly deps: SessionStoreDeps;
  private check: Promise<void> | null = null;
  private lastRevalidation = 0;

  constructor(deps: SessionStoreDeps) {
    this.deps = deps;
    makeAutoObservable<SessionStore, 'deps' | 'check' | 'lastRevalidation'>(this, {
      deps: false,
      check: false,
      lastRevalidation: false,
    });
  }

  /** Whether the account holds a privilege. */
  hasPrivilege(privilege: Privilege | string): boolean {
    return this.account?.privileges.includes(privilege) ?? false;
  }

  /** Whether the Reports group and record screens are open to this account (access-bo). */
  get canSeeReports(): boolean {
    return this.hasPrivilege(Privilege.accessBo);
  }

  /**
   * Step 1: checks the session on load. 200 loads the account, 307 goes to the password
   * change, 503 to maintenance, 401 to login, anything else to login with a server error.
   * Concurrent callers share one check.
   */
  start(): Promise<void> {
    this.check ??= this.runCheck().finally(() => {
      this.check = null;
    });
    return this.check;
  }

  private async runCheck(): Promise<void> {
    this.status = SessionStatus.checking;
    const path = this.deps.navigator.currentPath();
    const pathname = pathnameOf(path);
    try {
      const grant = await identityApi.authorizationStatus();
      if (grant === SessionGrant.passwordChangeRequired) {
        runInAction(() => {
          this.status = SessionStatus.passwordChangeRequired;
        });
        if (pathname !== Paths.changePassword) this.go(Paths.changePassword, true);
        return;
      }
      if (!(await this.loadAccount())) return;
      if (!this.requireTaskAccess()) return;
      runInAction(() => {
        this.status = SessionStatus.authenticated;
      });
      // A signed-in user has nothing to do on the sign-in or maintenance page.
      if (pathname === Paths.login || pathname === Paths.maintenance) this.goAfterLogin();
    } catch (error) {
      this.checkFailed(error as ApiError, path);
    }
  }

  private checkFailed(error: ApiError, path: string): void {
    const pathname = pathnameOf(path);
    if (error instanceof MaintenanceError) {
      this.enterMaintenance(error.code);
      return;
    }
    this.status = SessionStatus.anonymous;
    if (error instanceof UnauthorizedError) {
      // Not signed in is the normal case for a visitor; a deep link is kept for after login.
      if (!isPublicPath(pathname)) {
        this.returnPath = path;
        this.go(Paths.login, true);
      }
      return;
    }
    this.loginMessage = { problem: LoginProblem.serverError };
    if (pathname !== Paths.login) {
      if (!isPublicPath(pathname)) this.returnPath = path;
      this.go(Paths.login, true);
    }
  }

  /** Loads the account; answers whether it arrived. A 401 is handled by the HTTP client. */
  private async loadAccount(): Promise<boolean> {
    this.accountStatus = RemoteLoadingStatus.loading;
    try {
      this.acceptAccount(await identityApi.fetchAccount());
      return true;
    } catch (error) {
      // The HTTP client already reacted to a 401 (expiry) or a 503 (maintenance).
      const handled = error instanceof UnauthorizedError || error instanceof MaintenanceError;
      runInAction(() => {
        this.accountStatus = RemoteLoadingStatus.loadingFailed;
        if (handled) return;
        this.status = SessionStatus.anonymous;
        this.loginMessage = { problem: LoginProblem.serverError };
      });
      if (!handled && pathnameOf(this.deps.navigator.currentPath()) !== Paths.login) {
        this.go(Paths.login, true);
      }
      return false;
    }
  }

  private acceptAccount(account: Account): void {
    this.account = account;
    this.accountStatus = RemoteLoadingStatus.fullyLoaded;
  }

  /**
   * Without access-task nobody enters the app (spec 000 section 6): toast, sign out, back to
   * the sign-in page. Answers whether the account may stay.
   */
  private requireTaskAccess(): boolean {
    if (this.hasPrivilege(Privilege.accessTask)) return true;
    this.deps.toasts.showError('common.insufficientPriviliges');
    void identityApi.signOut().catch(() => undefined);
    this.clear();
    if (pathnameOf(this.deps.navigator.currentPath()) !== Paths.login) this.go(Paths.login, true);
    return false;
  }

  /** Steps 3 and 4: signs in, then goes to the kept path or to `/`. */
  async login(email: string, password: string): Promise<void> {
    if (this.loginStatus === SavingStatus.saving) return;
    this.loginStatus = SavingStatus.saving;
    this.loginMessage = null;
    try {
      const outcome = await loginThroughShortWaits(email, password);
      if (outcome.grant === SessionGrant.passwordChangeRequired) {
        runInAction(() => {
          this.status = SessionStatus.passwordChangeRequired;
          this.loginStatus = SavingStatus.success;
        });
        this.go(Paths.changePassword);
        return;
      }
      if (outcome.account) this.acceptAccount(outcome.account);
      else if (!(await this.loadAccount())) {
        runInAction(() => {
          this.loginStatus = SavingStatus.error;
          // A 401 left sessionExpired on the line; any other failure is a login error.
          if (this.loginMessage?.problem !== LoginProblem.sessionExpired) {
            this.loginMessage = { problem: LoginProblem.errorLogginIn };
          }
        });
        return;
      }
      if (!this.requireTaskAccess()) {
        // The insufficient-privileges toast says why; the line stays empty.
        runInAction(() => {
          this.loginStatus = SavingStatus.error;
        });
        return;
      }
      runInAction(() => {
        this.status = SessionStatus.authenticated;
        this.loginStatus = SavingStatus.success;
        this.loginMessage = null;
      });
      this.goAfterLogin();
    } catch (error) {
      this.loginFailed(error as ApiError);
    }
  }

  private loginFailed(error: ApiError): void {
    this.loginStatus = SavingStatus.error;
    if (error instanceof BadRequestError) {
      this.loginMessage = { problem: LoginProblem.wrongCredentials };
    } else if (error instanceof RateLimitedError) {
      // A burst of attempts and a soft lock of the account both pass with time.
      this.loginMessage = {
        problem:
          error.code === ErrorCode.accountLocked
            ? LoginProblem.accountLocked
            : LoginProblem.tooManyAttempts,
        minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)),
      };
    } else if (error instanceof MaintenanceError) {
      this.enterMaintenance(error.code);
    } else {
      this.loginMessage = { problem: LoginProblem.errorLogginIn };
    }
  }

  private goAfterLogin(): void {
    const target = this.returnPath ?? Paths.home;
    this.returnPath = null;
    this.go(target, true);
  }

  /**
   * Step 2: a call answered 401. Forgets the account, keeps the path to come back to and
   * goes to the sign-in page, whose line then reads sessionExpired.
   */
  expire(path: string): void {
    const pathname = pathnameOf(path);
    const wasOnLogin = pathname === Paths.login;
    if (!isPublicPath(pathname)) this.returnPath = path;
    this.clear();
    this.loginMessage = { problem: LoginProblem.sessionExpired };
    if (!wasOnLogin) this.go(Paths.login, true);
  }

  /**
   * Re-checks a signed-in session when the user comes back to the tab, so an idle, revoked or
   * reset session is noticed at once (the HTTP client turns the 401 into `expire`) rather than
   * at the next save; a changed privilege list is picked up too. At most every 15 seconds.
   */
  async revalidate(now: number = Date.now()): Promise<void> {
    if (this.status !== SessionStatus.authenticated) return;
    if (now - this.lastRevalidation < REVALIDATION_INTERVAL_MS) return;
    this.lastRevalidation = now;
    try {
      const account = await identityApi.fetchAccount();
      this.acceptAccount(account);
    } catch {
      // The HTTP client already reacted: 401 expires the session, 503 goes to maintenance.
    }
  }

  /**
   * Step 5: the server answered 503; the maintenance page takes over. `code` is the answer's
   * error code: `DATABASE_UNAVAILABLE` shows the page's "temporarily unavailable" variant.
   */
  enterMaintenance(code?: string): void {
    this.maintenanceReason =
      code === ErrorCode.databaseUnavailable
        ? MaintenanceReason.databaseUnavailable
        : MaintenanceReason.planned;
    this.status = SessionStatus.maintenance;
    if (pathnameOf(this.deps.navigator.currentPath()) !== Paths.maintenance) {
      this.go(Paths.maintenance, true);
    }
  }

  /**
   * Asked by the maintenance page every few seconds: once the server no longer answers 503,
   * goes to `/`, where the session check runs again. Answers whether maintenance is over.
   */
  async leaveMaintenanceIfOver(): Promise<boolean> {
    try {
      await identityApi.authorizationStatus();
    } catch (error) {
      // No answer says nothing about maintenance: the page stays until the server answers.
      if (error instanceof MaintenanceError) {
        this.enterMaintenance(error.code);
        return false;
      }
      if (error instanceof NetworkError) return false;
    }
    runInAction(() => {
      this.status = SessionStatus.unknown;
    });
    this.go(Paths.home, true);
    return true;
  }

  /** Step 6: signs out, forgets the account and goes to the sign-in page. */
  async logout(): Promise<void> {
    if (this.logoutStatus === SavingStatus.saving) return;
    this.logoutStatus = SavingStatus.saving;
    try {
      await identityApi.signOut();
    } catch (error) {
      // A 401 means the session had already ended, which is what logging out wanted.
      if (!(error instanceof UnauthorizedError)) {
        runInAction(() => {
          this.logoutStatus = SavingStatus.error;
        });
        this.deps.toasts.showError('common.serverErrorTryAgain');
        return;
      }
    }
    this.finishLogout();
  }

  private finishLogout(): void {
    this.clear();
    this.deps.toasts.clear();
    this.logoutStatus = SavingStatus.success;
    this.go(Paths.login);
  }

  /**
   * Ends the session without ceremony (the change-password screen's "change account" and
   * "continue"): a failed sign-out call changes nothing the user can act on.
   */
  async signOutAndGoToLogin(): Promise<void> {
    try {
      await identityApi.signOut();
    } catch {
      // The session is forgotten here either way; the cookie dies with its expiry.
    }
    this.clear();
    this.go(Paths.login);
  }

  /** Removes the sign-in line's message, e.g. once the user edits the form. */
  clearLoginMessage(): void {
    this.loginMessage = null;
  }

  private clear(): void {
    this.account = null;
    this.accountStatus = RemoteLoadingStatus.unknown;
    this.status = SessionStatus.anonymous;
    this.loginStatus = SavingStatus.unknown;
    this.loginMessage = null;
    this.deps.shell.reset();
  }

  private go(to: string, replace = false): void {
    this.deps.navigator.navigate(to, { replace });
  }
}
