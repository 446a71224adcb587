import { makeAutoObservable, runInAction } from 'mobx';
import {
  OAUTH_CALLBACK_PATH,
  OAUTH_COMPLETE_ACTION,
  OAUTH_POPUP,
} from '../../schemas/api/analysisConstants';
import { reportFailure } from '../stores/reportFailure';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import type { AnalysisSignInStatus } from '../api/analysisApi';
import type { OAuthCompleteMessage } from './completeSignIn';
import { randomToken, type PkcePair } from './pkce';

/** The records screen's tabs (spec 001 section 4, "Analysis tab"). */
export const AnalysisTab = { records: 'records', analyses: 'analyses' } as const;
export type AnalysisTab = (typeof AnalysisTab)[keyof typeof AnalysisTab];

/** Where the embedded report's sign-in stands (spec 001 section 4). */
export const SignInStatus = {
  unknown: 'unknown',
  checking: 'checking',
  signedOut: 'signedOut',
  signingIn: 'signingIn',
  signedIn: 'signedIn',
  checkFailed: 'checkFailed',
} as const;
export type SignInStatus = (typeof SignInStatus)[keyof typeof SignInStatus];

/** The calls the store makes (the network edge, replaced in unit tests). */
export interface AnalysisApi {
  fetchCheck(key: string, version: number): Promise<boolean>;
  recordConsent(key: string, version: number): Promise<boolean>;
  fetchStatus(): Promise<AnalysisSignInStatus>;
  exchangeCode(body: { code: string; codeVerifier: string }): Promise<string>;
  createPkcePair(): Promise<PkcePair>;
}

/** What the store needs from the browser and the app. */
export interface AnalysisStoreDeps {
  api: AnalysisApi;
  toasts: ToastStore;
  /** This page's origin: the only one whose messages count and the callback's. */
  origin: string;
  /** Opens the sign-in popup; null when the browser blocked it. */
  openPopup(url: string, features: string): Window | null;
}

/** A started sign-in: the popup, the state it must echo and the verifier kept here. */
interface PendingSignIn {
  popup: Window;
  state: string;
  verifier: string;
  /** The popup was seen closed once. */
  closedSeen?: boolean;
}

/** The parts of a `message` event the store reads. */
export interface SignInMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

function isCompleteMessage(data: unknown): data is OAuthCompleteMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.action === OAUTH_COMPLETE_ACTION &&
    typeof message.code === 'string' &&
    typeof message.state === 'string'
  );
}

/**
 * The Analyses tab's state: which tab shows, the consent check and its warning dialog, and
 * the embedded report's sign-in (authorization code with PKCE in a 500x600 popup; the code
 * comes back by `postMessage` from this origin's callback and is exchanged by the server).
 */
export class AnalysisStore {
  tab: AnalysisTab = AnalysisTab.records;
  /** The analysis check's answer (spec 001 section 3, "Analysis check status"). */
  consented = false;
  checkStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  consentDialogOpen = false;
  consentStatus: SavingStatus = SavingStatus.unknown;
  signIn: SignInStatus = SignInStatus.unknown;
  /** The signed-in external account (the status answer's header). */
  account: string | null = null;

  private key: string | null = null;
  private version = 1;
  private status: AnalysisSignInStatus | null = null;
  private prepared: PkcePair | null = null;
  private pending: PendingSignIn | null = null;
  private readonly deps: AnalysisStoreDeps;

  constructor(deps: AnalysisStoreDeps) {
    this.deps = deps;
    makeAutoObservable<AnalysisStore, 'deps' | 'status' | 'prepared' | 'pending'>(this, {
      deps: false,
      status: false,
      prepared: false,
      pending: false,
    });
  }

  /** Shows another object: back to its records, nothing known about its consent. */
  setObject(key: string, version: number): void {
    if (this.key === key && this.version === version) return;
    this.key = key;
    this.version = version;
    this.tab = AnalysisTab.records;
    this.consented = false;
    this.checkStatus = RemoteLoadingStatus.unknown;
    this.consentDialogOpen = false;
  }

  /**
   * Switches tabs. Analyses opens directly when the server confirms the consent; otherwise
   * the warning dialog shows (spec 001 section 4).
   */
  async selectTab(tab: AnalysisTab): Promise<void> {
    if (tab === AnalysisTab.records) {
      this.tab = AnalysisTab.records;
      return;
    }
    const { key, version } = this;
    if (key === null || this.checkStatus === RemoteLoadingStatus.loading) return;
    this.checkStatus = RemoteLoadingStatus.loading;
    try {
      const consented = await this.deps.api.fetchCheck(key, version);
      runInAction(() => {
        this.consented = consented;
        this.checkStatus = RemoteLoadingStatus.fullyLoaded;
        if (consented) this.tab = AnalysisTab.analyses;
        else this.consentDialogOpen = true;
      });
      if (consented) await this.checkSignIn();
    } catch (error) {
      runInAction(() => {
        this.checkStatus = RemoteLoadingStatus.loadingFailed;
      });
      reportFailure(this.deps.toasts, error);
    }
  }

  /** The warning's continue: records the consent, then the tab switches. */
  async acceptConsent(): Promise<void> {
    const { key, version } = this;
    if (key === null || this.consentStatus === SavingStatus.saving) return;
    this.consentStatus = SavingStatus.saving;
    try {
      const recorded = await this.deps.api.recordConsent(key, version);
      runInAction(() => {
        this.consentStatus = SavingStatus.success;
        this.consented = recorded;
        this.consentDialogOpen = false;
        if (recorded) this.tab = AnalysisTab.analyses;
      });
      if (recorded) await this.checkSignIn();
    } catch (error) {
      runInAction(() => {
        this.consentStatus = SavingStatus.error;
      });
      reportFailure(this.deps.toasts, error);
    }
  }

  /** The warning's cancel (or Escape): the records stay. */
  cancelConsent(): void {
    this.consentDialogOpen = false;
  }

  /**
   * Asks the server whether the embedded report's identity is signed in: an account header
   * means yes. When not, a PKCE pair is made ready, so the sign-in button can open its popup
   * at once (a popup opened after an await is blocked by browsers).
   */
  async checkSignIn(): Promise<void> {
    this.signIn = SignInStatus.checking;
    try {
      const status = await this.deps.api.fetchStatus();
      this.status = status;
      const prepared = status.account ? null : await this.deps.api.createPkcePair();
      runInAction(() => {
        this.prepared = prepared;
        this.account = status.account;
        this.signIn = status.account ? SignInStatus.signedIn : SignInStatus.signedOut;
      });
    } catch (error) {
      runInAction(() => {
        this.signIn = SignInStatus.checkFailed;
      });
      reportFailure(this.deps.toasts, error);
    }
  }

  /** The sign-in prompt's button: opens the identity provider in a 500x600 popup. */
  startSignIn(): void {
    const { status, prepared } = this;
    if (!status || !prepared) return;
    const state = randomToken(16);
    const url = new URL(status.authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: status.clientId,
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${this.deps.origin}${OAUTH_CALLBACK_PATH}`,
      code_challenge: prepared.challenge,
      code_challenge_method: 'S256',
      state,
      // Whoever used this browser before must not be signed in again silently.
      prompt: 'login',
    }).toString();
    const popup = this.deps.openPopup(
      url.href,
      `popup,width=${OAUTH_POPUP.width},height=${OAUTH_POPUP.height}`,
    );
    if (!popup) {
      this.deps.toasts.showError('analysis.popupBlocked');
      return;
    }
    this.pending = { popup, state, verifier: prepared.verifier };
    this.signIn = SignInStatus.signingIn;
  }

  /**
   * A `message` event: only `oauth_complete` from this origin, from the popup this store
   * opened, with the state it sent, completes the sign-in; anything else is ignored. The
   * server exchanges the code, then the sign-in is checked again.
   */
  async receiveMessage(event: SignInMessageEvent): Promise<void> {
    const pending = this.pending;
    if (!pending || event.origin !== this.deps.origin || event.source !== pending.popup) return;
    if (!isCompleteMessage(event.data) || event.data.state !== pending.state) return;
    this.pending = null;
    try {
      await this.deps.api.exchangeCode({ code: event.data.code, codeVerifier: pending.verifier });
    } catch (error) {
      runInAction(() => {
        this.signIn = SignInStatus.signedOut;
      });
      reportFailure(this.deps.toasts, error, 'analysis.signInFailed');
    }
    await this.checkSignIn();
  }

  /**
   * Called every second while signing in: a popup found closed twice in a row (so its last
   * message had time to arrive) ended without a code, and the prompt is offered again.
   */
  watchPopup(): void {
    const pending = this.pending;
    if (this.signIn !== SignInStatus.signingIn || !pending) return;
    if (!pending.popup.closed) return;
    if (!pending.closedSeen) {
      pending.closedSeen = true;
      return;
    }
    this.pending = null;
    this.signIn = SignInStatus.signedOut;
  }
}
