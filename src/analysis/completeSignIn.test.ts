import { describe, expect, it, vi } from 'vitest';
import { completeSignIn, type CallbackWindow } from './completeSignIn';

function popup(search: string, withOpener = true) {
  const postMessage = vi.fn();
  const close = vi.fn();
  const win: CallbackWindow = {
    location: { search, origin: 'http://localhost:8080' },
    opener: withOpener ? { postMessage } : null,
    close,
  };
  return { win, postMessage, close };
}

describe('completeSignIn', () => {
  it('given a code and an opener, when the callback runs, then it posts oauth_complete to its own origin only and closes', () => {
    const { win, postMessage, close } = popup('?code=abc&state=s1');
    expect(completeSignIn(win)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { action: 'oauth_complete', code: 'abc', state: 's1' },
      'http://localhost:8080',
    );
    expect(close).toHaveBeenCalled();
  });

  it('given no code, when the callback runs, then nothing is posted and it stays open for the error', () => {
    const { win, postMessage, close } = popup('?error=access_denied');
    expect(completeSignIn(win)).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('given no opener, when the callback runs, then it answers false', () => {
    const { win } = popup('?code=abc', false);
    expect(completeSignIn(win)).toBe(false);
  });
});
