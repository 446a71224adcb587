import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAuthCallbackPage } from './OAuthCallbackPage';

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'opener');
  window.history.replaceState(null, '', '/');
});

describe('spec 000 section 2 (line 41): /oauth/callback shows a full-screen spinner while authenticating', () => {
  it('given the sign-in popup back at /oauth/callback with a code, when it authenticates, then a full-screen spinner covers the window', () => {
    window.history.replaceState(null, '', '/oauth/callback?code=c-123&state=s-1');
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
    vi.spyOn(window, 'close').mockImplementation(() => undefined);

    render(<OAuthCallbackPage />);

    const wait = screen.getByTestId('oauth-callback-wait');
    // The app's full-page spinner, inside a layer fixed over the whole window (shell included).
    expect(wait.className).toBe('tessera-analysis__callback-wait');
    const spinner = wait.querySelector('.tessera-full-page-spinner');
    expect(spinner?.getAttribute('role')).toBe('status');
    expect(spinner?.querySelector('.bp6-spinner')).not.toBeNull();
    expect(spinner?.textContent).toBe('Completing the sign-in…');
    expect(postMessage).toHaveBeenCalledOnce();
  });
});
