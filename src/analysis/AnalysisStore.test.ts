import { describe, expect, it, vi } from 'vitest';
import { ToastStore } from '../stores/ToastStore';
import { AnalysisStore, AnalysisTab, SignInStatus, type AnalysisApi } from './AnalysisStore';

const ORIGIN = 'http://localhost:8080';

function setUp(overrides: Partial<AnalysisApi> = {}) {
  const popup = { closed: false } as unknown as Window;
  const api: AnalysisApi = {
    fetchCheck: vi.fn(async () => false),
    recordConsent: vi.fn(async () => true),
    fetchStatus: vi.fn(async () => ({
      account: null,
      authorizationEndpoint: `${ORIGIN}/api/idp/auth`,
      clientId: 'tessera-analysis',
      issuer: `${ORIGIN}/api/idp`,
    })),
    exchangeCode: vi.fn(async () => 'claire@tessera.example'),
    createPkcePair: vi.fn(async () => ({ verifier: 'v'.repeat(43), challenge: 'c'.repeat(43) })),
    ...overrides,
  };
  const openPopup = vi.fn<(url: string, features: string) => Window | null>(() => popup);
  const toasts = new ToastStore();
  const store = new AnalysisStore({ api, toasts, origin: ORIGIN, openPopup });
  store.setObject('loans', 1);
  return { store, api, openPopup, popup, toasts };
}

/** The state the store put in the authorization address. */
function stateOf(openPopup: { mock: { calls: unknown[][] } }): string {
  const url = new URL(String(openPopup.mock.calls[0]?.[0]));
  return url.searchParams.get('state') ?? '';
}

describe('AnalysisStore', () => {
  it('given no consent, when Analyses is chosen, then the warning shows and the records stay', async () => {
    const { store } = setUp();
    await store.selectTab(AnalysisTab.analyses);
    expect(store.consentDialogOpen).toBe(true);
    expect(store.tab).toBe(AnalysisTab.records);
  });

  it('given the warning, when continued, then the consent is recorded and the tab switches', async () => {
    const { store, api } = setUp();
    await store.selectTab(AnalysisTab.analyses);
    await store.acceptConsent();
    expect(api.recordConsent).toHaveBeenCalledWith('loans', 1);
    expect(store.tab).toBe(AnalysisTab.analyses);
    expect(store.consentDialogOpen).toBe(false);
    expect(store.signIn).toBe(SignInStatus.signedOut);
  });

  it('given a consent on the server, when Analyses is chosen, then it opens directly', async () => {
    const { store } = setUp({ fetchCheck: vi.fn(async () => true) });
    await store.selectTab(AnalysisTab.analyses);
    expect(store.consentDialogOpen).toBe(false);
    expect(store.tab).toBe(AnalysisTab.analyses);
  });

  it('given a sign-in, when the popup opens, then it asks for a code with PKCE S256, openid email and the callback, in 500x600', async () => {
    const { store, openPopup } = setUp({ fetchCheck: vi.fn(async () => true) });
    await store.selectTab(AnalysisTab.analyses);
    store.startSignIn();
    const [address, features] = openPopup.mock.calls[0] as [string, string];
    const url = new URL(address);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe('c'.repeat(43));
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/callback`);
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
    expect(store.signIn).toBe(SignInStatus.signingIn);
  });

  it('given a sign-in under way, when a message comes from another origin, another window or with another state, then it is ignored', async () => {
    const { store, api, openPopup, popup } = setUp({ fetchCheck: vi.fn(async () => true) });
    await store.selectTab(AnalysisTab.analyses);
    store.startSignIn();
    const state = stateOf(openPopup);
    const data = { action: 'oauth_complete', code: 'abc', state };
    await store.receiveMessage({ origin: 'http://evil.localhost:8080', source: popup, data });
    await store.receiveMessage({ origin: ORIGIN, source: {}, data });
    await store.receiveMessage({ origin: ORIGIN, source: popup, data: { ...data, state: 'x' } });
    expect(api.exchangeCode).not.toHaveBeenCalled();
    expect(store.signIn).toBe(SignInStatus.signingIn);
  });

  it('given the popup posts oauth_complete from this origin, when received, then the code and verifier are exchanged and the sign-in is checked again', async () => {
    let signedIn = false;
    const { store, api, openPopup, popup } = setUp({
      fetchCheck: vi.fn(async () => true),
      exchangeCode: vi.fn(async () => {
        signedIn = true;
        return 'claire@tessera.example';
      }),
      fetchStatus: vi.fn(async () => ({
        account: signedIn ? 'claire@tessera.example' : null,
        authorizationEndpoint: `${ORIGIN}/api/idp/auth`,
        clientId: 'tessera-analysis',
        issuer: `${ORIGIN}/api/idp`,
      })),
    });
    await store.selectTab(AnalysisTab.analyses);
    store.startSignIn();
    const data = { action: 'oauth_complete', code: 'abc', state: stateOf(openPopup) };
    await store.receiveMessage({ origin: ORIGIN, source: popup, data });
    expect(api.exchangeCode).toHaveBeenCalledWith({ code: 'abc', codeVerifier: 'v'.repeat(43) });
    expect(store.signIn).toBe(SignInStatus.signedIn);
    expect(store.account).toBe('claire@tessera.example');
  });

  it('given a blocked popup, when signing in, then a message says so and the prompt stays', async () => {
    const { store, toasts, openPopup } = setUp({ fetchCheck: vi.fn(async () => true) });
    openPopup.mockReturnValueOnce(null);
    await store.selectTab(AnalysisTab.analyses);
    store.startSignIn();
    expect(store.signIn).toBe(SignInStatus.signedOut);
    expect(toasts.toasts.map((toast) => toast.key)).toContain('analysis.popupBlocked');
  });
});
