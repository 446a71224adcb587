// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorScroller } from './createErrorScroller';

/** The spec's debounce of the scroll to an error, written out. */
const DEBOUNCE_MS = 100;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  document.body.innerHTML =
    '<form><input id="amount"><input id="term"><button type="button" id="submit">Complete</button></form>';
  document.getElementById('submit')?.focus();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const byId = (id: string) => document.getElementById(id);

describe('spec 000 section 9 (line 325): the scroll to an error is debounced by 100 ms', () => {
  it('given a refused submit, when 99 ms have passed, then the focus has not moved, and at 100 ms it is on the field in error', () => {
    createErrorScroller(byId).request('amount');

    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(document.activeElement?.id).toBe('submit');

    vi.advanceTimersByTime(1);
    expect(document.activeElement?.id).toBe('amount');
  });

  it('given two refused submits 60 ms apart, when the burst settles, then only the last one scrolls, 100 ms after it', () => {
    const scroller = createErrorScroller(byId);
    scroller.request('amount');
    vi.advanceTimersByTime(60);
    scroller.request('term');

    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(document.activeElement?.id).toBe('submit');

    vi.advanceTimersByTime(1);
    expect(document.activeElement?.id).toBe('term');
  });
});
