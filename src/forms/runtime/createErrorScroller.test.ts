// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorScroller,
  REVEAL_WAIT_MS,
  SCROLL_DELAY_MS,
  scrollBehavior,
} from './createErrorScroller';

/** A form of two text inputs and a submit button, attached to the document. */
function mountForm(): {
  first: HTMLInputElement;
  second: HTMLInputElement;
  submit: HTMLButtonElement;
} {
  document.body.innerHTML =
    '<form><input id="first"><input id="second"><button type="button" id="submit">Complete</button></form>';
  return {
    first: document.getElementById('first') as HTMLInputElement,
    second: document.getElementById('second') as HTMLInputElement,
    submit: document.getElementById('submit') as HTMLButtonElement,
  };
}

describe('createErrorScroller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('given a refused submit, when the delay passes, then the first error field has the focus', () => {
    const { first, submit } = mountForm();
    submit.focus();
    createErrorScroller((id) => document.getElementById(id)).request('first');
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(document.activeElement).toBe(first);
  });

  it('given the user moved the focus before the delay, when it passes, then the focus stays where the user put it', () => {
    const { second, submit } = mountForm();
    submit.focus();
    createErrorScroller((id) => document.getElementById(id)).request('first');
    second.focus();
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(document.activeElement).toBe(second);
  });
});

describe('a field revealed a moment after the request', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('given a refused submit whose first error is in a part not rendered yet, when it renders a moment later, then that field gets the focus', () => {
    const { submit } = mountForm();
    submit.focus();
    createErrorScroller((id) => document.getElementById(id)).request('later');
    vi.advanceTimersByTime(SCROLL_DELAY_MS + 300);
    expect(document.activeElement).toBe(submit);
    const later = document.createElement('input');
    later.id = 'later';
    document.body.append(later);
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(later);
  });

  it('given a field that never comes, when the wait is over, then it stops trying and the focus stays', () => {
    const { submit } = mountForm();
    submit.focus();
    const find = vi.fn(() => null);
    createErrorScroller(find).request('never');
    vi.advanceTimersByTime(SCROLL_DELAY_MS + REVEAL_WAIT_MS + 1_000);
    const tries = find.mock.calls.length;
    vi.advanceTimersByTime(5_000);
    expect(find.mock.calls.length).toBe(tries);
    expect(tries).toBeGreaterThan(10);
    expect(document.activeElement).toBe(submit);
  });

  it('given the user moves the focus while the field is awaited, when it renders, then the focus stays where the user put it', () => {
    const { second, submit } = mountForm();
    submit.focus();
    createErrorScroller((id) => document.getElementById(id)).request('later');
    vi.advanceTimersByTime(SCROLL_DELAY_MS + 200);
    second.focus();
    const later = document.createElement('input');
    later.id = 'later';
    document.body.append(later);
    vi.advanceTimersByTime(500);
    expect(document.activeElement).toBe(second);
  });
});

describe('the scroll to a field and the motion setting', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('given a person who asked for less motion, when a field is brought into view, then the page jumps there instead of gliding', () => {
    const asks = (reduce: boolean) =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
      }));
    asks(true);
    expect(scrollBehavior()).toBe('auto');
    asks(false);
    expect(scrollBehavior()).toBe('smooth');
  });
});
