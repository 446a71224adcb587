// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorScroller, SCROLL_DELAY_MS } from './createErrorScroller';

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
